import type {
  ModerationDecisionBody,
  ReportBody,
  ReportedContent,
  ReportedSubject,
  ReportReason,
  ReportSubjectType,
} from '@hearsay/contracts/moderation';
import { REPORT_NOTE_MAX, ReportBodySchema } from '@hearsay/contracts/moderation';
import { pageFields } from '@hearsay/contracts/pagination';
import { paths } from '@hearsay/contracts/paths';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/http/viewer.ts';
import { newId } from '../../platform/ids.ts';
import type { BlocksService } from '../blocks/blocks.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import * as repository from './moderation.repository.ts';

export interface ModerationServiceDeps {
  db: DB;
  clock: () => Date;
  /** The operators' e-mail addresses (ADMIN_EMAILS), lower-case. */
  adminEmails: readonly string[];
  blocks: Pick<BlocksService, 'hiddenFrom'>;
  reviews: Pick<ReviewsService, 'setHidden'>;
}

export type ModerationService = ReturnType<typeof createModerationService>;

/** What can be hidden from everyone but its author today. */
const HIDEABLE: readonly ReportSubjectType[] = ['review', 'comment'];
const EXCERPT = 600;

const subjectNotFound = () =>
  notFound('report_subject_not_found', 'There is nothing to report there: it does not exist, or you cannot see it.');
// Everything of moderation answers anyone else as if it did not exist.
const notForYou = () => notFound('not_found', 'Not found');

const shorten = (text: string | null | undefined) => {
  const words = (text ?? '').replace(/\s+/g, ' ').trim();
  return words.length > EXCERPT ? `${words.slice(0, EXCERPT - 1)}…` : words;
};

/**
 * Reports and moderation. Members report what they can see; the same person reporting the same thing twice counts
 * once. Operators (ADMIN_EMAILS) see the open reports grouped by the thing reported, in context, hide reviews and
 * comments (their author sees why) or dismiss the reports, and every decision goes into the audit log with who and
 * why. Nobody else reaches any of it.
 */
export function createModerationService(deps: ModerationServiceDeps) {
  const { db } = deps;
  const now = () => deps.clock().toISOString();

  const canModerate = (viewer: Viewer) => deps.adminEmails.includes(viewer.email.toLowerCase());
  function moderator(viewer: Viewer): Viewer {
    if (!canModerate(viewer)) throw notForYou();
    return viewer;
  }

  /** The subject as the reporter may see it (its owner and stored id), or not found. */
  async function reportable(viewer: Viewer, type: ReportSubjectType, id: string): Promise<{ ownerId: string | null; subjectId: string }> {
    const hidden = await deps.blocks.hiddenFrom(viewer.id);
    const seen = (row: { owner_id: string } | undefined, visible = true) => {
      if (!row || !visible || hidden.has(row.owner_id)) throw subjectNotFound();
      return { ownerId: row.owner_id, subjectId: id };
    };
    switch (type) {
      case 'review': {
        const row = await repository.review(db, id);
        return seen(row, row?.hidden_reason === null);
      }
      case 'comment': {
        const row = await repository.comment(db, id);
        return seen(row, row?.hidden_reason === null);
      }
      case 'collection': {
        const row = await repository.collection(db, id);
        return seen(row, !row?.is_private || row.owner_id === viewer.id);
      }
      case 'message': {
        const row = await repository.message(db, id, viewer.id);
        return seen(row, row?.member);
      }
      case 'profile': {
        const row = await repository.person(db, { username: id.toLowerCase() });
        return { ...seen(row), subjectId: row!.owner_id };
      }
      case 'album': {
        const row = await repository.album(db, id);
        if (!row) throw subjectNotFound();
        return { ownerId: null, subjectId: row.id };
      }
    }
  }

  async function report(viewer: Viewer, input: ReportBody): Promise<{ received: true; alreadyReported: boolean }> {
    const body = ReportBodySchema.parse(input);
    const { ownerId, subjectId } = await reportable(viewer, body.subjectType, body.subjectId);
    if (ownerId === viewer.id) throw badRequest('cannot_report_yourself', 'You cannot report yourself or what you wrote.');
    const created = await repository.insertReport(db, {
      id: newId(),
      reporter_id: viewer.id,
      subject_type: body.subjectType,
      subject_id: subjectId,
      reason: body.reason,
      note: body.note.slice(0, REPORT_NOTE_MAX),
      created_at: now(),
    });
    return { received: true, alreadyReported: !created };
  }

  /** What a reported thing is, for a moderator: null when it has been deleted since. */
  async function content(type: ReportSubjectType, id: string): Promise<ReportedContent | null> {
    const author = (row: { username: string | null; name: string }) => ({ authorUsername: row.username, authorName: row.name });
    switch (type) {
      case 'review': {
        const row = await repository.review(db, id);
        return row
          ? {
              ...author(row),
              title: row.title ? `${row.album_title}: ${row.title}` : row.album_title,
              text: shorten(row.text),
              href: paths.review(id),
              hiddenReason: row.hidden_reason,
            }
          : null;
      }
      case 'comment': {
        const row = await repository.comment(db, id);
        return row
          ? {
              ...author(row),
              title: 'Comment on a review',
              text: shorten(row.text),
              href: paths.review(row.review_id),
              hiddenReason: row.hidden_reason,
            }
          : null;
      }
      case 'collection': {
        const row = await repository.collection(db, id);
        return row ? { ...author(row), title: row.title, text: shorten(row.text), href: paths.list(id), hiddenReason: null } : null;
      }
      case 'message': {
        const row = await repository.message(db, id, null);
        return row ? { ...author(row), title: 'Direct message', text: shorten(row.text), href: null, hiddenReason: null } : null;
      }
      case 'profile': {
        const row = await repository.person(db, { id });
        return row
          ? {
              ...author(row),
              title: row.name,
              text: shorten(row.text),
              href: row.username ? paths.profile(row.username) : null,
              hiddenReason: null,
            }
          : null;
      }
      case 'album': {
        const row = await repository.album(db, id);
        return row
          ? {
              authorUsername: null,
              authorName: null,
              title: row.title,
              text: row.status === 'confirmed' ? '' : 'Imported, not confirmed yet',
              href: paths.album(row.slug),
              hiddenReason: null,
            }
          : null;
      }
    }
  }

  async function queue(viewer: Viewer, query: { page: number; limit: number }) {
    moderator(viewer);
    const { rows, total } = await repository.openSubjects(db, query.limit, (query.page - 1) * query.limit);
    const reports = await repository.openReportsOf(db, rows);
    const items: ReportedSubject[] = await Promise.all(
      rows.map(async (row) => {
        const type = row.subject_type as ReportSubjectType;
        const own = reports.filter((report) => report.subject_type === row.subject_type && report.subject_id === row.subject_id);
        const reasons = new Map<ReportReason, number>();
        for (const report of own) reasons.set(report.reason as ReportReason, (reasons.get(report.reason as ReportReason) ?? 0) + 1);
        return {
          subjectType: type,
          subjectId: row.subject_id,
          reportCount: Number(row.reports),
          reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
          notes: own
            .filter((report) => report.note)
            .slice(0, 5)
            .map((report) => ({ note: report.note, reporterUsername: report.username ?? '', at: report.created_at })),
          firstReportedAt: row.first_at,
          content: await content(type, row.subject_id),
          canHide: HIDEABLE.includes(type),
        };
      }),
    );
    return { items, ...pageFields(query, total) };
  }

  async function decide(viewer: Viewer, body: ModerationDecisionBody): Promise<{ ok: true }> {
    moderator(viewer);
    const { subjectType, subjectId, action, reason } = body;
    if (action !== 'dismiss') {
      if (subjectType !== 'review' && subjectType !== 'comment') {
        throw badRequest('cannot_hide', 'Only reviews and comments can be hidden; dismiss the reports of anything else.');
      }
      await deps.reviews.setHidden(subjectType, subjectId, action === 'hide' ? reason : null);
    }
    const stamp = now();
    await db.transaction().execute(async (trx) => {
      // Showing something again leaves its reports closed; hiding or dismissing closes them.
      if (action !== 'unhide') await repository.resolveReports(trx, subjectType, subjectId, stamp);
      await repository.insertAction(trx, {
        id: newId(),
        moderator_id: viewer.id,
        moderator_name: viewer.name,
        action,
        subject_type: subjectType,
        subject_id: subjectId,
        reason,
        created_at: stamp,
      });
    });
    return { ok: true };
  }

  async function audit(viewer: Viewer, query: { page: number; limit: number }) {
    moderator(viewer);
    const { rows, total } = await repository.actions(db, query.limit, (query.page - 1) * query.limit);
    return {
      items: rows.map((row) => ({
        id: row.id,
        moderatorName: row.moderator_name,
        action: row.action as ModerationDecisionBody['action'],
        subjectType: row.subject_type as ReportSubjectType,
        subjectId: row.subject_id,
        reason: row.reason,
        at: row.created_at,
      })),
      ...pageFields(query, total),
    };
  }

  return { report, access: (viewer: Viewer) => ({ canModerate: canModerate(viewer) }), queue, decide, audit };
}
