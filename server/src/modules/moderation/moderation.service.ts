import type {
  ModerationActionKind,
  ModerationDecisionBody,
  ReportBody,
  ReportedContent,
  ReportedSubject,
  ReportReason,
  ReportSubjectType,
} from '@hearsay/contracts/moderation';
import { ReportBodySchema } from '@hearsay/contracts/moderation';
import { pageFields } from '@hearsay/contracts/pagination';
import { paths } from '@hearsay/contracts/paths';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { DomainEvents, EventBus } from '../../platform/events.ts';
import type { Viewer, ViewerSanction } from '../../platform/http/viewer.ts';
import { newId } from '../../platform/ids.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import type { HydratedPerson, Hydrator } from '../../hydration/hydrator.ts';
import { countOpenJobs } from '../../platform/jobs/jobs.repository.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { CollectionsService } from '../collections/collections.service.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import { isEditor as isCatalogEditor } from './catalog-editors.repository.ts';
import * as repository from './moderation.repository.ts';
import { REPORT_NOTE_MAX } from '@hearsay/contracts/constants';

export interface ModerationServiceDeps {
  db: DB;
  clock: () => Date;
  /** The operators' e-mail addresses (ADMIN_EMAILS), lower-case. */
  adminEmails: readonly string[];
  /**
   * Whether the reporter may see what they report (the hydration layer's rules); the reported review, list, album and
   * people, read by id (decision 066).
   */
  hydrator: Pick<Hydrator, 'person' | 'personNamed' | 'people' | 'rules' | 'reviews' | 'lists' | 'albums'>;
  /** A suspended or banned person's open sockets close at once (they could not open new ones). */
  realtime: Pick<Realtime, 'disconnect'>;
  reviews: Pick<ReviewsService, 'setHidden' | 'removeAsModerator' | 'commentsOn'>;
  collections: Pick<CollectionsService, 'removeAsModerator'>;
  catalog: Pick<CatalogService, 'confirmAlbums' | 'rejectAlbums' | 'waitingAlbums' | 'waitingCount'>;
  /** A reported direct message, and whether the reporter is in its conversation. */
  conversations: Pick<ConversationsService, 'messageOf'>;
  /** Reported profiles' bios. */
  profiles: Pick<ProfilesService, 'biosOf'>;
  /** Staff's e-mail addresses (which say who is an admin) and the site's sign-ups (the accounts' reads). */
  accounts: {
    contacts(userIds: readonly string[]): Promise<{ id: string; email: string }[]>;
    signups(dayAgo: string, weekAgo: string): Promise<{ day: number; week: number; total: number }>;
  };
  /** Told when a moderator hid or deleted something, so that its author hears why. */
  events?: Pick<EventBus, 'emit'>;
  /**
   * Things of other sites (federation): whether a member may report one (and its server), what it is for a moderator,
   * and sending a report on to its server; absent with federation off.
   */
  remote?: {
    reportable(type: RemoteSubjectType, id: string): Promise<{ host: string } | null>;
    reportedContent(type: RemoteSubjectType, id: string): Promise<(ReportedContent & { host: string }) | null>;
    forward(type: RemoteSubjectType, id: string, reason: string): Promise<void>;
    /** People of other sites by id (the authors of replies kept as comments): `name@host` and name. */
    people(ids: readonly string[]): Promise<Map<string, { username: string; name: string }>>;
  };
}

type RemoteSubjectType = 'remote_post' | 'remote_person';
const isRemoteSubject = (type: ReportSubjectType): type is RemoteSubjectType => type === 'remote_post' || type === 'remote_person';

export interface ActiveSanction {
  kind: 'suspended' | 'banned';
  reason: string;
  until: string | null;
}

export type ModerationService = ReturnType<typeof createModerationService>;
/** Reports other sites send, written apart from this service (the job thread writes them): site-reports.ts. */
export type { SiteReport, SiteReports } from './site-reports.ts';
/** Who curates the catalog and the audit log's entries for it, built with the core services (decision 080). */
export type { CurationAccess } from './curation-access.ts';

/** What can be hidden from everyone but its author today. */
const HIDEABLE: readonly ReportSubjectType[] = ['review', 'comment'];
/** What a moderator can delete outright. */
const DELETABLE: readonly ReportSubjectType[] = ['review', 'comment', 'collection'];
const DAY = 24 * 60 * 60 * 1000;
const EXCERPT = 600;

const subjectNotFound = () => notFound('report_subject_not_found');
// Everything of moderation answers anyone else as if it did not exist.
const notForYou = () => notFound('not_found');

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

  /**
   * Reported things by id, whose each is and what it says, asked of their owners in one read per kind (the hydration
   * layer's cards, the reviews' comments, the profiles' bios); one whose author or album is gone is missing.
   */
  const subjects = {
    async reviews(ids: readonly string[]) {
      const reviews = ids.length ? [...(await deps.hydrator.reviews(ids)).values()] : [];
      const [authors, albums] = await Promise.all([
        deps.hydrator.people(reviews.map((review) => review.authorId)),
        deps.hydrator.albums(reviews.map((review) => review.albumId)),
      ]);
      return new Map(
        reviews.flatMap((review) => {
          const author = authors.get(review.authorId);
          const album = albums.get(review.albumId);
          if (!author || !album) return [];
          const row = {
            owner_id: review.authorId,
            title: review.title,
            text: review.contentText,
            hidden_reason: review.hiddenReason,
            username: author.username,
            name: author.name,
            album_title: album.album.title,
          };
          return [[review.id, row] as const];
        }),
      );
    },
    async comments(ids: readonly string[]) {
      const comments = await deps.reviews.commentsOn(ids);
      const [members, albums] = await Promise.all([
        deps.hydrator.people(comments.map((comment) => comment.user_id)),
        deps.hydrator.albums(comments.map((comment) => comment.album_id)),
      ]);
      // A reply from another site: its author is a person there (no warning, suspension or ban here reaches them).
      const missing = comments.map((comment) => comment.user_id).filter((id) => !members.has(id));
      const remote =
        missing.length && deps.remote ? await deps.remote.people(missing) : new Map<string, { username: string; name: string }>();
      return new Map(
        comments.flatMap((comment) => {
          const author = members.get(comment.user_id) ?? remote.get(comment.user_id);
          const album = albums.get(comment.album_id);
          if (!author || !album) return [];
          const row = {
            remote: !members.has(comment.user_id),
            owner_id: comment.user_id,
            review_id: comment.review_id,
            text: comment.body,
            hidden_reason: comment.hidden_reason,
            username: author.username,
            name: author.name,
            album_title: album.album.title,
          };
          return [[comment.id, row] as const];
        }),
      );
    },
    async collections(ids: readonly string[]) {
      const lists = ids.length ? [...(await deps.hydrator.lists(ids)).values()] : [];
      const owners = await deps.hydrator.people(lists.map((list) => list.ownerId));
      return new Map(
        lists.flatMap((list) => {
          const owner = owners.get(list.ownerId);
          if (!owner) return [];
          const row = {
            owner_id: list.ownerId,
            title: list.name,
            text: list.description,
            is_private: list.isPrivate,
            username: owner.username,
            name: owner.name,
          };
          return [[list.id, row] as const];
        }),
      );
    },
    async people(ids: readonly string[]) {
      const [people, bios] = await Promise.all([deps.hydrator.people(ids), deps.profiles.biosOf(ids)]);
      return new Map(
        [...people.values()].map((person) => {
          const row = { owner_id: person.id, username: person.username, name: person.name, text: bios.get(person.id) ?? null };
          return [person.id, row] as const;
        }),
      );
    },
    async albums(ids: readonly string[]) {
      return new Map([...(await deps.hydrator.albums(ids))].map(([id, album]) => [id, album.album] as const));
    },
    /** Whoever holds this username now (lowercase). */
    async personNamed(username: string) {
      const person = await deps.hydrator.personNamed(username);
      return person && (await subjects.people([person.id])).get(person.id);
    },
    /** A direct message with its sender, and whether `memberId` is in its conversation. */
    async message(id: string, memberId: string | null) {
      const message = await deps.conversations.messageOf(id, memberId);
      const sender = message && (await deps.hydrator.person(message.sender_id));
      return message && sender
        ? { owner_id: message.sender_id, text: message.body, username: sender.username, name: sender.name, member: message.member }
        : undefined;
    },
  };
  /** One reported thing of a kind. */
  const one = async <T>(read: (ids: readonly string[]) => Promise<Map<string, T>>, id: string) => (await read([id])).get(id);
  /** The reported things of a page, each kind read once. */
  async function subjectsOf(wanted: readonly { subject_type: string; subject_id: string }[]) {
    const idsOf = (type: ReportSubjectType) => wanted.filter((row) => row.subject_type === type).map((row) => row.subject_id);
    const [reviews, comments, collections, people, albums] = await Promise.all([
      subjects.reviews(idsOf('review')),
      subjects.comments(idsOf('comment')),
      subjects.collections(idsOf('collection')),
      subjects.people(idsOf('profile')),
      subjects.albums(idsOf('album')),
    ]);
    return { reviews, comments, collections, people, albums };
  }

  const isAdmin = (person: { email: string }) => deps.adminEmails.includes(person.email.toLowerCase());
  const canModerate = async (viewer: Viewer) => isAdmin(viewer) || (await repository.isModerator(db, viewer.id));
  async function moderator(viewer: Viewer): Promise<Viewer> {
    if (!(await canModerate(viewer))) throw notForYou();
    return viewer;
  }
  function admin(viewer: Viewer): Viewer {
    if (!isAdmin(viewer)) throw notForYou();
    return viewer;
  }

  /**
   * A suspension still running, or a ban; an ended suspension is no sanction, and none holds an admin (a sanction
   * written before admins were shielded from them, or for an address added to ADMIN_EMAILS since). `sanction` is the
   * sanction as already read with the person's session (null: none); without it, it is read here.
   */
  async function activeSanction(
    person: Pick<Viewer, 'id' | 'email'> & { sanction?: ViewerSanction | null },
  ): Promise<ActiveSanction | null> {
    if (isAdmin(person)) return null;
    const row = person.sanction === undefined ? await repository.sanction(db, person.id) : person.sanction;
    if (!row || (row.until !== null && row.until <= now())) return null;
    return { kind: row.kind, reason: row.reason, until: row.until };
  }

  async function standing(viewer: Viewer) {
    const [sanction, warnings] = await Promise.all([activeSanction(viewer), repository.openWarnings(db, viewer.id)]);
    return { sanction, warnings: warnings.map((row) => ({ id: row.id, reason: row.reason, at: row.created_at })) };
  }

  async function acknowledgeWarning(viewer: Viewer, warningId: string) {
    if (!(await repository.acknowledgeWarning(db, viewer.id, warningId, now()))) {
      throw notFound('warning_not_found');
    }
    return standing(viewer);
  }

  /**
   * The subject as the reporter may see it (its owner and stored id), or not found, as reading it answers: so a report
   * confirms nothing the reporter could not already read. Content (reviews, comments, collections) follows its author's
   * profile and blocks (`canSee`); a person and a message only blocks (`reachable`), since a closed profile still shows
   * who it is.
   */
  async function reportable(viewer: Viewer, type: ReportSubjectType, id: string): Promise<{ ownerId: string | null; subjectId: string }> {
    const { rules } = deps.hydrator;
    const seen = async (
      row: { owner_id: string } | undefined,
      visible = true,
      rule: (owner: HydratedPerson) => boolean = rules.reachable,
    ) => {
      const owner = row && visible ? await deps.hydrator.person(row.owner_id, viewer.id) : undefined;
      if (!row || !owner || !rule(owner)) throw subjectNotFound();
      return { ownerId: row.owner_id, subjectId: id };
    };
    const contentSeen = (row: { owner_id: string } | undefined, visible: boolean) => seen(row, visible, rules.canSee);
    switch (type) {
      case 'review': {
        const row = await one(subjects.reviews, id);
        return contentSeen(row, row?.hidden_reason === null);
      }
      case 'comment': {
        const row = await one(subjects.comments, id);
        // A reply from another site is seen by whoever sees the review it answers.
        if (row?.remote && row.hidden_reason === null) {
          const review = await one(subjects.reviews, row.review_id);
          return { ...(await contentSeen(review, review?.hidden_reason === null)), ownerId: row.owner_id };
        }
        return contentSeen(row, row?.hidden_reason === null);
      }
      case 'collection': {
        const row = await one(subjects.collections, id);
        return contentSeen(row, !row?.is_private || row.owner_id === viewer.id);
      }
      case 'message': {
        const row = await subjects.message(id, viewer.id);
        return seen(row, row?.member);
      }
      case 'profile': {
        const row = await subjects.personNamed(id.toLowerCase());
        return { ...(await seen(row)), subjectId: row!.owner_id };
      }
      case 'album': {
        const row = await one(subjects.albums, id);
        if (!row) throw subjectNotFound();
        return { ownerId: null, subjectId: row.id };
      }
      default:
        // Things of other sites are `reportRemote`'s.
        throw subjectNotFound();
    }
  }

  async function report(viewer: Viewer, input: ReportBody): Promise<{ received: true; alreadyReported: boolean }> {
    const body = ReportBodySchema.parse(input);
    if (isRemoteSubject(body.subjectType)) return reportRemote(viewer, { ...body, subjectType: body.subjectType });
    const { ownerId, subjectId } = await reportable(viewer, body.subjectType, body.subjectId);
    if (ownerId === viewer.id) throw badRequest('cannot_report_yourself');
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

  /**
   * A report of a thing of another site: into this site's queue like any other, and, when the member asks, on to its
   * server as the site's own report (their name is not sent), once per member and thing.
   */
  async function reportRemote(
    viewer: Viewer,
    body: { subjectType: RemoteSubjectType; subjectId: string; reason: ReportReason; note: string; forward: boolean },
  ): Promise<{ received: true; alreadyReported: boolean }> {
    const found = deps.remote ? await deps.remote.reportable(body.subjectType, body.subjectId) : null;
    if (!found) throw subjectNotFound();
    const created = await repository.insertReport(db, {
      id: newId(),
      reporter_id: viewer.id,
      subject_type: body.subjectType,
      subject_id: body.subjectId,
      reason: body.reason,
      note: body.note.slice(0, REPORT_NOTE_MAX),
      created_at: now(),
    });
    if (created && body.forward) {
      // Other software reads the reason as words: the member's note, else the reason's name.
      await deps.remote!.forward(body.subjectType, body.subjectId, body.note || body.reason.replace(/_/g, ' '));
    }
    return { received: true, alreadyReported: !created };
  }

  /** What a reported thing is, for a moderator, from the page's subjects: null when it has been deleted since. */
  async function content(
    type: ReportSubjectType,
    id: string,
    found: Awaited<ReturnType<typeof subjectsOf>>,
  ): Promise<ReportedContent | null> {
    const author = (row: { username: string | null; name: string }) => ({ authorUsername: row.username, authorName: row.name });
    switch (type) {
      case 'review': {
        const row = found.reviews.get(id);
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
        const row = found.comments.get(id);
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
        const row = found.collections.get(id);
        return row ? { ...author(row), title: row.title, text: shorten(row.text), href: paths.list(id), hiddenReason: null } : null;
      }
      case 'message': {
        const row = await subjects.message(id, null);
        return row ? { ...author(row), title: 'Direct message', text: shorten(row.text), href: null, hiddenReason: null } : null;
      }
      case 'profile': {
        const row = found.people.get(id);
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
        const row = found.albums.get(id);
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
      default:
        return null;
    }
  }

  async function remoteContent(type: RemoteSubjectType, id: string): Promise<ReportedContent | null> {
    const found = deps.remote ? await deps.remote.reportedContent(type, id) : null;
    if (!found) return null;
    const { host: _host, ...content } = found;
    return content;
  }

  async function queue(viewer: Viewer, query: { page: number; limit: number }) {
    await moderator(viewer);
    const { rows, total } = await repository.openSubjects(db, query.limit, (query.page - 1) * query.limit);
    const [found, pageSubjects] = await Promise.all([repository.openReportsOf(db, rows), subjectsOf(rows)]);
    const reporters = await deps.hydrator.people(found.filter((report) => !report.reporter_host).map((report) => report.reporter_id));
    // A report outlives no reporter: one whose account is gone is left out, as before. Another site's report is its.
    const reports = found.flatMap((report) => {
      if (report.reporter_host) return [{ ...report, username: null }];
      const reporter = reporters.get(report.reporter_id);
      return reporter ? [{ ...report, username: reporter.username }] : [];
    });
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
            .map((report) => ({
              note: report.note,
              reporterUsername: report.username ?? '',
              at: report.created_at,
              ...(report.reporter_host ? { reporterHost: report.reporter_host } : {}),
            })),
          reportedBySites: [...new Set(own.flatMap((report) => (report.reporter_host ? [report.reporter_host] : [])))],
          firstReportedAt: row.first_at,
          content: isRemoteSubject(type) ? await remoteContent(type, row.subject_id) : await content(type, row.subject_id, pageSubjects),
          canHide: HIDEABLE.includes(type),
        };
      }),
    );
    return { items, ...pageFields(query, total) };
  }

  /** Whose a reported thing is: the person a warning, suspension or ban is for. */
  async function authorOf(type: ReportSubjectType, id: string): Promise<string> {
    const row =
      type === 'review'
        ? await one(subjects.reviews, id)
        : type === 'comment'
          ? await one(subjects.comments, id).then((row) => (row?.remote ? undefined : row))
          : type === 'collection'
            ? await one(subjects.collections, id)
            : type === 'message'
              ? await subjects.message(id, null)
              : type === 'profile'
                ? await one(subjects.people, id)
                : undefined;
    if (!row) throw badRequest('no_author');
    return row.owner_id;
  }

  /**
   * Staff answer to those above them: nobody warns, suspends or bans an admin (ADMIN_EMAILS, set by whoever runs the
   * site), and only an admin does so to a moderator, so that one moderator cannot lock out the others or the admins.
   */
  async function mayBeSanctionedBy(viewer: Viewer, personId: string): Promise<void> {
    const [person] = await deps.accounts.contacts([personId]);
    if (!person) return;
    if (isAdmin(person)) throw forbidden('cannot_sanction_admin');
    if ((await repository.isModerator(db, personId)) && !isAdmin(viewer)) {
      throw forbidden('admin_only');
    }
  }

  /** Whose a review, comment or collection is and what it is about, read before a decision changes it. */
  async function decidedOn(type: ReportSubjectType, id: string) {
    if (type === 'review') {
      const row = await one(subjects.reviews, id);
      return row && { authorId: row.owner_id, subject: row.album_title };
    }
    if (type === 'comment') {
      const row = await one(subjects.comments, id);
      return row && { authorId: row.owner_id, subject: row.album_title };
    }
    const row = type === 'collection' ? await one(subjects.collections, id) : undefined;
    return row && { authorId: row.owner_id, subject: row.title };
  }

  /** Tells the author that a moderator hid or deleted something of theirs, and why. */
  async function tellAuthor(
    kind: DomainEvents['moderation.decided']['kind'],
    about: Awaited<ReturnType<typeof decidedOn>>,
    objectId: string,
    reason: string,
  ) {
    if (about) deps.events?.emit('moderation.decided', { kind, authorId: about.authorId, objectId, subject: about.subject, reason });
  }

  async function applyDecision(viewer: Viewer, body: ModerationDecisionBody): Promise<void> {
    const { subjectType, subjectId, action, reason } = body;
    switch (action) {
      case 'hide':
      case 'unhide': {
        if (!HIDEABLE.includes(subjectType)) {
          throw badRequest('cannot_hide');
        }
        const type = subjectType as 'review' | 'comment';
        await deps.reviews.setHidden(type, subjectId, action === 'hide' ? reason : null);
        if (action === 'hide') await tellAuthor(`${type}_hidden`, await decidedOn(type, subjectId), subjectId, reason);
        return;
      }
      case 'delete': {
        if (!DELETABLE.includes(subjectType)) throw badRequest('cannot_delete');
        const type = subjectType as 'review' | 'comment' | 'collection';
        const about = await decidedOn(type, subjectId);
        if (type === 'collection') await deps.collections.removeAsModerator(subjectId);
        else await deps.reviews.removeAsModerator(type, subjectId);
        await tellAuthor(`${type}_removed`, about, subjectId, reason);
        return;
      }
      case 'confirm':
      case 'reject': {
        if (subjectType !== 'album') throw badRequest('not_an_album');
        const changed =
          action === 'confirm'
            ? await deps.catalog.confirmAlbums([subjectId], { by: 'operator' })
            : await deps.catalog.rejectAlbums([subjectId]);
        if (changed.length === 0) throw badRequest('not_waiting');
        return;
      }
      case 'warn':
      case 'suspend':
      case 'ban':
      case 'lift': {
        const personId = await authorOf(subjectType, subjectId);
        if (personId === viewer.id) throw badRequest('not_yourself');
        if (action !== 'lift') await mayBeSanctionedBy(viewer, personId);
        if (action === 'warn') return repository.addWarning(db, { id: newId(), user_id: personId, reason, created_at: now() });
        if (action === 'lift') {
          if (!(await repository.liftSanction(db, personId))) throw badRequest('not_sanctioned');
          return;
        }
        const until = action === 'suspend' ? new Date(deps.clock().getTime() + body.days! * DAY).toISOString() : null;
        await repository.setSanction(db, {
          user_id: personId,
          kind: action === 'suspend' ? 'suspended' : 'banned',
          reason,
          until,
          created_at: now(),
        });
        deps.realtime.disconnect(personId);
        return;
      }
      case 'dismiss':
        return;
    }
  }

  async function decide(viewer: Viewer, body: ModerationDecisionBody): Promise<{ ok: true }> {
    await moderator(viewer);
    await applyDecision(viewer, body);
    await log(viewer, body.action, body.subjectType, body.subjectId, body.reason, body.action !== 'unhide' && body.action !== 'lift');
    return { ok: true };
  }

  /** Writes the audit log entry; most actions also close the subject's open reports. */
  async function log(viewer: Viewer, action: ModerationActionKind, type: ReportSubjectType, id: string, reason: string, resolve: boolean) {
    const stamp = now();
    await db.transaction().execute(async (trx) => {
      if (resolve) await repository.resolveReports(trx, type, id, stamp);
      await repository.insertAction(trx, {
        id: newId(),
        moderator_id: viewer.id,
        moderator_name: viewer.name,
        action,
        subject_type: type,
        subject_id: id,
        reason,
        created_at: stamp,
      });
    });
  }

  /**
   * A member's own action the moderators can read in the audit log, with the member as the one acting: their votes on
   * an album's genres and descriptors (decision 077). Reports stay open.
   */
  async function memberAction(
    viewer: Viewer,
    action: 'genre_vote' | 'descriptor_vote',
    type: ReportSubjectType,
    id: string,
    reason: string,
  ) {
    await log(viewer, action, type, id, reason, false);
  }

  async function health(viewer: Viewer) {
    await moderator(viewer);
    const at = deps.clock().getTime();
    const [signups, kept, pendingAlbums, jobs] = await Promise.all([
      deps.accounts.signups(new Date(at - DAY).toISOString(), new Date(at - 7 * DAY).toISOString()),
      repository.health(db, now()),
      deps.catalog.waitingCount(),
      countOpenJobs(db),
    ]);
    const jobCount = (state: string) => jobs.filter((row) => row.state === state).reduce((sum, row) => sum + row.count, 0);
    return {
      signups,
      openReports: kept.openReports,
      pendingAlbums,
      sanctioned: kept.sanctioned,
      jobs: { queued: jobCount('queued'), running: jobCount('running'), failed: jobCount('failed') },
    };
  }

  async function pendingAlbums(viewer: Viewer, query: { page: number; limit: number }) {
    await moderator(viewer);
    const { rows, total } = await deps.catalog.waitingAlbums(query);
    return {
      items: rows.map((row) => ({
        id: row.id,
        title: row.title,
        artist: row.artist_credit,
        slug: row.slug,
        addedBy: row.username,
        createdAt: row.created_at,
      })),
      ...pageFields(query, total),
    };
  }

  async function moderatorList(viewer: Viewer) {
    admin(viewer);
    const rows = await repository.moderators(db);
    const people = await deps.hydrator.people(rows.map((row) => row.user_id));
    return {
      items: rows.flatMap((row) => {
        const person = people.get(row.user_id);
        return person ? [{ username: person.username ?? person.id, name: person.name, since: row.created_at }] : [];
      }),
    };
  }

  /** An admin names or removes a moderator; logged like every other action. */
  async function setModerator(viewer: Viewer, username: string, appoint: boolean) {
    admin(viewer);
    const person = await subjects.personNamed(username.toLowerCase());
    if (!person) throw notFound('profile_not_found');
    const changed = appoint
      ? await repository.addModerator(db, person.owner_id, viewer.id, now())
      : await repository.removeModerator(db, person.owner_id);
    if (changed) {
      await log(
        viewer,
        appoint ? 'appoint' : 'remove_moderator',
        'profile',
        person.owner_id,
        appoint ? `@${person.username} is a moderator` : `@${person.username} is no longer a moderator`,
        false,
      );
    }
    return moderatorList(viewer);
  }

  async function audit(viewer: Viewer, query: { page: number; limit: number }) {
    await moderator(viewer);
    const { rows, total } = await repository.actions(db, query.limit, (query.page - 1) * query.limit);
    return {
      items: rows.map((row) => ({
        id: row.id,
        moderatorName: row.moderator_name,
        action: row.action as ModerationActionKind,
        subjectType: row.subject_type as ReportSubjectType,
        subjectId: row.subject_id,
        reason: row.reason,
        at: row.created_at,
      })),
      ...pageFields(query, total),
    };
  }

  return {
    report,
    /** Moderators and admins curate too; anyone else is asked one question: are they a catalog editor (decision 080)? */
    access: async (viewer: Viewer) => {
      const moderates = await canModerate(viewer);
      return { canModerate: moderates, isAdmin: isAdmin(viewer), canCurate: moderates || (await isCatalogEditor(db, viewer.id)) };
    },
    standing,
    acknowledgeWarning,
    activeSanction,
    queue,
    decide,
    memberAction,
    audit,
    health,
    pendingAlbums,
    moderatorList,
    setModerator,
  };
}
