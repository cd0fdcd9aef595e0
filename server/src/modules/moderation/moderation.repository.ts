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

export async function review(db: DB, id: string) {
  return db
    .selectFrom('review')
    .innerJoin('user', 'user.id', 'review.user_id')
    .innerJoin('album', 'album.id', 'review.album_id')
    .select([
      'review.user_id as owner_id',
      'review.title',
      'review.content_text as text',
      'review.hidden_reason',
      'user.username',
      'user.name',
      'album.title as album_title',
    ])
    .where('review.id', '=', id)
    .executeTakeFirst();
}

export async function comment(db: DB, id: string) {
  return db
    .selectFrom('review_comment')
    .innerJoin('user', 'user.id', 'review_comment.user_id')
    .innerJoin('review', 'review.id', 'review_comment.review_id')
    .innerJoin('album', 'album.id', 'review.album_id')
    .select([
      'review_comment.user_id as owner_id',
      'review_comment.review_id',
      'review_comment.body as text',
      'review_comment.hidden_reason',
      'user.username',
      'user.name',
      'album.title as album_title',
    ])
    .where('review_comment.id', '=', id)
    .executeTakeFirst();
}

export async function collection(db: DB, id: string) {
  return db
    .selectFrom('collection')
    .innerJoin('user', 'user.id', 'collection.user_id')
    .select([
      'collection.user_id as owner_id',
      'collection.name as title',
      'collection.description as text',
      'collection.is_private',
      'user.username',
      'user.name',
    ])
    .where('collection.id', '=', id)
    .executeTakeFirst();
}

/** A direct message with its sender, and whether `memberId` is in its conversation. */
export async function message(db: DB, id: string, memberId: string | null) {
  const row = await db
    .selectFrom('direct_message')
    .innerJoin('user', 'user.id', 'direct_message.sender_id')
    .select([
      'direct_message.sender_id as owner_id',
      'direct_message.conversation_id',
      'direct_message.body as text',
      'user.username',
      'user.name',
    ])
    .where('direct_message.id', '=', id)
    .executeTakeFirst();
  if (!row || memberId === null) return row ? { ...row, member: false } : undefined;
  const member = await db
    .selectFrom('conversation_member')
    .select('user_id')
    .where('conversation_id', '=', row.conversation_id)
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  return { ...row, member: Boolean(member) };
}

export async function person(db: DB, by: { id: string } | { username: string }) {
  const query = db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select(['user.id as owner_id', 'user.username', 'user.name', 'profile.bio as text']);
  return ('id' in by ? query.where('user.id', '=', by.id) : query.where('user.username', '=', by.username)).executeTakeFirst();
}

export async function album(db: DB, id: string) {
  return db
    .selectFrom('album')
    .select(['album.id', 'album.title', 'album.slug', 'album.status'])
    .where('album.id', '=', id)
    .executeTakeFirst();
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

/** The open reports of these subjects, newest first, with who made them. */
export async function openReportsOf(db: DB, subjects: readonly { subject_type: string; subject_id: string }[]) {
  if (!subjects.length) return [];
  return db
    .selectFrom('report')
    .innerJoin('user', 'user.id', 'report.reporter_id')
    .select(['report.subject_type', 'report.subject_id', 'report.reason', 'report.note', 'report.created_at', 'user.username'])
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

/** The e-mail address (which says whether they are an admin) and moderator mark of the person a sanction is for. */
export async function staffStanding(db: DB, userId: string) {
  return db
    .selectFrom('user')
    .leftJoin('moderator', 'moderator.user_id', 'user.id')
    .select(['user.email', 'moderator.user_id as moderator_id'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

export async function isModerator(db: DB, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('moderator').select('user_id').where('user_id', '=', userId).executeTakeFirst());
}

export async function moderators(db: DB) {
  return db
    .selectFrom('moderator')
    .innerJoin('user', 'user.id', 'moderator.user_id')
    .select(['user.id', 'user.username', 'user.name', 'moderator.created_at'])
    .orderBy('moderator.created_at')
    .orderBy('user.id')
    .execute();
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

/** The figures of the operators' site-health card. */
export async function health(db: DB, dayAgo: string, weekAgo: string, now: string) {
  const users = (since?: string) => {
    const query = db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n'));
    return countOf(since ? query.where('created_at', '>=', since) : query);
  };
  const jobs = await db
    .selectFrom('job')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .where('state', 'in', ['queued', 'running', 'failed'])
    .groupBy('state')
    .execute();
  const jobCount = (state: string) => Number(jobs.find((row) => row.state === state)?.n ?? 0);
  const [day, week, total, openReports, pendingAlbums, sanctioned] = await Promise.all([
    users(dayAgo),
    users(weekAgo),
    users(),
    countOf(
      db
        .selectFrom(
          db.selectFrom('report').select(['subject_type', 'subject_id']).where('resolved_at', 'is', null).distinct().as('subjects'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    countOf(
      db
        .selectFrom('album')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'pending')
        .where('rejected_at', 'is', null),
    ),
    countOf(
      db
        .selectFrom('sanction')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)])),
    ),
  ]);
  return {
    signups: { day, week, total },
    openReports,
    pendingAlbums,
    sanctioned,
    jobs: { queued: jobCount('queued'), running: jobCount('running'), failed: jobCount('failed') },
  };
}
