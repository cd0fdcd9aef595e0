import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { ModerationActionTable, ReportTable, SanctionTable, WarningTable } from '../../db/schema.ts';
import { precompiled } from '../../platform/db/precompiled.ts';
import type { DB } from '../../platform/db/index.ts';

/** Stores a report unless this person already reported this subject; whether it was new. */
export async function insertReport(db: DB, report: Insertable<ReportTable>): Promise<boolean> {
  const result = await db
    .insertInto('report')
    .values(report)
    .onConflict((oc) => oc.columns(['reporter_id', 'subject_type', 'subject_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export interface OpenSubjectRow {
  subject_type: string;
  subject_id: string;
  reports: number | string;
  first_at: string;
}

/** Reported things with open reports, oldest report first. */
export async function openSubjects(db: DB, limit: number, offset: number) {
  const open = db.selectFrom('report').where('resolved_at', 'is', null);
  const [{ total } = { total: 0 }] = await db
    .selectFrom(open.select(['subject_type', 'subject_id']).distinct().as('subjects'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute();
  const rows = await open
    .select(['subject_type', 'subject_id', sql<number | string>`count(*)`.as('reports'), sql<string>`min(created_at)`.as('first_at')])
    .groupBy(['subject_type', 'subject_id'])
    .orderBy(sql`min(created_at)`)
    .orderBy('subject_type')
    .orderBy('subject_id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows as OpenSubjectRow[], total: Number(total) };
}

/** The open reports of these subjects, newest first, with who made them (their names: the hydration layer). */
export async function openReportsOf(db: DB, subjects: readonly { subject_type: string; subject_id: string }[]) {
  if (!subjects.length) return [];
  return db
    .selectFrom('report')
    .select([
      'report.subject_type',
      'report.subject_id',
      'report.reason',
      'report.note',
      'report.created_at',
      'report.reporter_id',
      'report.reporter_host',
    ])
    .where('report.resolved_at', 'is', null)
    .where((eb) =>
      eb.or(
        subjects.map((subject) =>
          eb.and([eb('report.subject_type', '=', subject.subject_type), eb('report.subject_id', '=', subject.subject_id)]),
        ),
      ),
    )
    .orderBy('report.created_at', 'desc')
    .execute();
}

export async function resolveReports(db: DB, subjectType: string, subjectId: string, now: string): Promise<void> {
  await db
    .updateTable('report')
    .set({ resolved_at: now })
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('resolved_at', 'is', null)
    .execute();
}

export async function insertAction(db: DB, action: ModerationActionTable): Promise<void> {
  await db.insertInto('moderation_action').values(action).execute();
}

export async function actions(db: DB, limit: number, offset: number) {
  const [{ total } = { total: 0 }] = await db
    .selectFrom('moderation_action')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute();
  const rows = await db
    .selectFrom('moderation_action')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total) };
}

export async function isModerator(db: DB, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('moderator').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

/** The moderators, longest-serving first (their names: the hydration layer). */
export async function moderators(db: DB) {
  return db.selectFrom('moderator').select(['user_id', 'created_at']).orderBy('created_at').orderBy('user_id').execute();
}

export async function addModerator(db: DB, userId: string, appointedBy: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('moderator')
    .values({ user_id: userId, appointed_by: appointedBy, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function removeModerator(db: DB, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('moderator').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const sanctionOf = precompiled((db, userId: string) => db.selectFrom('sanction').selectAll().where('user_id', '=', userId));

/** Read on every signed-in request (standing), so compiled once. */
export async function sanction(db: DB, userId: string) {
  return (await sanctionOf(db, userId))[0];
}

export async function setSanction(db: DB, row: SanctionTable): Promise<void> {
  await db
    .insertInto('sanction')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ kind: row.kind, reason: row.reason, until: row.until, created_at: row.created_at }),
    )
    .execute();
}

export async function liftSanction(db: DB, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('sanction').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function addWarning(db: DB, row: Insertable<WarningTable>): Promise<void> {
  await db.insertInto('warning').values(row).execute();
}

export async function openWarnings(db: DB, userId: string) {
  return db
    .selectFrom('warning')
    .select(['id', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .where('acknowledged_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

export async function acknowledgeWarning(db: DB, userId: string, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('warning')
    .set({ acknowledged_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('acknowledged_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const countOf = async (query: { executeTakeFirst(): Promise<{ n: number | string | bigint } | undefined> }) =>
  Number((await query.executeTakeFirst())?.n ?? 0);

/** The figures of the operators' site-health card that moderation keeps: reported things open, people sanctioned now. */
export async function health(db: DB, now: string) {
  const [openReports, sanctioned] = await Promise.all([
    countOf(
      db
        .selectFrom(
          db.selectFrom('report').select(['subject_type', 'subject_id']).where('resolved_at', 'is', null).distinct().as('subjects'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    countOf(
      db
        .selectFrom('sanction')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)])),
    ),
  ]);
  return { openReports, sanctioned };
}

/** For account deletion: the member's own reports (another site's stay). */
export async function deleteReportsBy(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('report').where('reporter_id', '=', userId).where('reporter_host', 'is', null).execute();
}
