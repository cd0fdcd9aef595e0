import {
  MODERATION_NOTICE_KINDS,
  type EmailTopic,
  type MarkReadBody,
  type NotificationActor,
  type NotificationKind,
  type NotificationsPage,
  type NotificationsQuery,
} from '@hearsay/contracts/notifications';
import { paths } from '@hearsay/contracts/paths';
import type { MemberSettings, MemberSettingsPatch } from '@hearsay/contracts/settings';
import type { DB } from '../../platform/db/index.ts';
import { badRequest, fieldIssue } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { readLanguage, type Language } from '../../platform/languages.ts';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.ts';
import { notificationEmail, notificationFooter, type EmailedKind } from './notification-emails.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { groupId, presentGroup } from './notifications.presenter.ts';
import * as repository from './notifications.repository.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import type { ProfileReads } from '../profiles/profiles.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';
import { presentPerson } from '../../hydration/people.presenter.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';
import type { RateLimiter } from '../../platform/auth/rate-limiter.ts';

export interface NotificationsServiceDeps {
  db: DB;
  clock: () => Date;
  /** The members' settings (accounts' settings service): which kinds they keep, and unsubscribing. */
  settings: {
    readMany(userIds: readonly string[]): Promise<Map<string, MemberSettings>>;
    update(userId: string, patch: MemberSettingsPatch): Promise<MemberSettings>;
  };
  realtime: Realtime;
  mailer: Mailer;
  /**
   * Actors' cards; nothing done by someone the recipient may not reach (blocked either way) is stored, shown, counted
   * or e-mailed.
   */
  hydrator: Pick<Hydrator, 'people' | 'person' | 'idsOfUsernames' | 'excluded' | 'reviews' | 'lists' | 'albums'>;
  /** People of other sites who acted (federation): their cards, by the id a notification keeps for them. */
  remotePeople?: (ids: readonly string[]) => Promise<Map<string, NotificationActor>>;
  /** What a notification about a comment is about: its review and album (decision 066). */
  reviews: Pick<ReviewsService, 'commentsOn'>;
  /** Who follows an author (the profiles' reads). */
  profiles: Pick<ProfileReads, 'followerIds'>;
  /** Names and e-mail addresses of the people e-mailed (the accounts' reads). */
  accounts: { contacts(userIds: readonly string[]): Promise<{ id: string; name: string; email: string }[]> };
  publicUrl: string;
  links: UnsubscribeLinks;
  log: { error(details: object, message: string): void; info(details: object, message: string): void };
  /**
   * How often one person is e-mailed: one e-mail of a kind per MAIL_INTERVAL_MS (more of that kind meanwhile wait in
   * the bell), and at most `perHour` of every kind together.
   */
  mailPace?: { limiter: RateLimiter; perHour: number };
  /**
   * Pushes to the recipients' devices (decision 084), for those who keep pushes on: the group as the bell shows it,
   * so a push tells no more than the bell.
   */
  push?: {
    tell(
      userId: string,
      notice: { kind: NotificationKind; who: string | null; others: number; subject: string | null; url: string; tag: string },
    ): Promise<void>;
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

const MENTION = /(^|[^\w@])@([a-z0-9_]{2,40})/gi;
/** One e-mail of a kind per person this often; the others of the interval wait in the bell. */
const MAIL_INTERVAL_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/** The Settings → Notifications toggle that decides whether a kind is kept at all; likes have none. */
const ABOUT: Partial<Record<NotificationKind, keyof MemberSettings['notifications']['about']>> = {
  follow: 'newFollowers',
  review_comment: 'reviewComments',
  comment_reply: 'commentReplies',
  mention: 'mentions',
  recommendation: 'recommendations',
};

/** News of one's own, whose actor is its recipient: an export ready, a moderator's decision (no moderator is named). */
const OWN_NEWS: readonly string[] = ['export_ready', ...MODERATION_NOTICE_KINDS];

/** Kinds whose subject is a review (the others are about a person, a collection or a comment, or carry their own). */
const isAboutReview = (kind: string) =>
  !['follow', 'follow_request', 'follow_approved', 'collection_like', 'comment_reply', ...OWN_NEWS].includes(kind);

/** The e-mail sent as it happens for a kind, and the toggle its unsubscribe link turns off. */
const EMAILED: Partial<Record<NotificationKind, EmailTopic>> = {
  follow: 'newFollowers',
  review_comment: 'reviewComments',
  comment_reply: 'commentReplies',
  mention: 'mentions',
  recommendation: 'recommendations',
};

function wantsEmail(settings: MemberSettings, kind: NotificationKind): boolean {
  const about = ABOUT[kind];
  if (!EMAILED[kind] || !about || !settings.notifications.about[about]) return false;
  return kind !== 'follow' || settings.notifications.email.newFollowers;
}

/**
 * Notifications (the bell and /notifications) and the e-mails that go with them. Rows are written by listeners of
 * domain events, after the action that caused them; never for your own actions, and only for the kinds the
 * recipient keeps (Settings → Notifications). Each new row tells the recipient's open pages the unread count.
 */
export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { db, log } = deps;
  const now = () => deps.clock().toISOString();
  const site = deps.publicUrl.replace(/\/+$/, '');

  const { links } = deps;

  const badLink = () => badRequest('unsubscribe_link_invalid');

  /** What an unsubscribe link would turn off, changing nothing (the page a link opens asks first). */
  function unsubscribeTopic(token: string): EmailTopic {
    const named = links.read(token);
    if (!named) throw badLink();
    return named.topic;
  }

  /** Turns the link's kind of e-mail off; answers what was turned off. */
  async function unsubscribe(token: string): Promise<EmailTopic> {
    const named = links.read(token);
    if (!named) throw badLink();
    const { userId, topic } = named;
    const patch =
      topic === 'newFollowers' || topic === 'weeklyDigest'
        ? { notifications: { email: { [topic]: false } } }
        : { notifications: { about: { [topic]: false } } };
    await deps.settings.update(userId, patch);
    return topic;
  }

  async function sendMail(message: MailMessage & { userId: string; topic: EmailTopic; language: Language }): Promise<void> {
    const link = links.url(message.userId, message.topic);
    try {
      await deps.mailer.send({
        to: message.to,
        subject: message.subject,
        text: `${message.text}\n\n—\n${notificationFooter(message.language, link, `${site}/settings?tab=notifications`)}\n`,
        headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } catch (error) {
      log.error({ err: error, topic: message.topic }, 'could not send a notification e-mail');
    }
  }

  async function emailFor(
    kind: NotificationKind,
    recipient: { id: string; email: string },
    language: Language,
    actorId: string,
    objectId: string,
  ) {
    const topic = EMAILED[kind]!;
    const found = await deps.hydrator.person(actorId);
    if (!found) return;
    const actor = presentPerson(found);
    // A reply is about a comment: the e-mail names the review it is on, and leads there.
    const reviewId = kind === 'comment_reply' ? (await deps.reviews.commentsOn([objectId]))[0]?.review_id : objectId;
    if (kind !== 'follow' && !reviewId) return;
    const album = kind === 'follow' ? undefined : await albumOfReview(reviewId!);
    const link = kind === 'follow' ? `${site}${paths.profile(actor.username)}` : `${site}${paths.review(reviewId!)}`;
    const { subject, line } = notificationEmail(language, kind as EmailedKind, {
      who: actor.name,
      album: album ? { title: album.title, artist: album.artist_credit } : null,
    });
    await sendMail({ to: recipient.email, subject, text: `${line}\n\n${link}`, userId: recipient.id, topic, language });
  }

  /**
   * Whether this notification may be e-mailed to this person now: the first of its kind in an interval is, and the
   * rest of that interval's wait in the bell (ten follows and unfollows are one e-mail, not ten); past the hourly
   * ceiling, none is.
   */
  async function mayMail(recipientId: string, kind: NotificationKind): Promise<boolean> {
    if (!deps.mailPace) return true;
    const { limiter, perHour } = deps.mailPace;
    if ((await limiter.hit(`notification-mail:${recipientId}:${kind}`, MAIL_INTERVAL_MS)).count > 1) return false;
    return (await limiter.hit(`notification-mail:${recipientId}`, HOUR_MS)).count <= perHour;
  }

  /**
   * Stores one notification per recipient (not the actor, only those who keep this kind), then tells and e-mails them.
   * `notes`: what a moderator's decision was about, and why.
   */
  async function notify(
    kind: NotificationKind,
    recipientIds: readonly string[],
    actorId: string,
    objectId: string,
    notes: { subject: string | null; reason: string } | null = null,
  ): Promise<void> {
    const unreachable = await deps.hydrator.excluded.reachable(actorId);
    // News of one's own is the kind whose actor is its recipient.
    const others = [...new Set(recipientIds)].filter((id) => (id !== actorId || OWN_NEWS.includes(kind)) && !unreachable.has(id));
    if (others.length === 0) return;
    const settings = await deps.settings.readMany(others);
    const about = ABOUT[kind];
    const keeping = others.filter((id) => !about || settings.get(id)!.notifications.about[about]);
    if (keeping.length === 0) return;
    const stamp = now();
    await repository.insertNotifications(
      db,
      keeping.map((recipientId) => ({
        id: newId(),
        recipient_id: recipientId,
        kind,
        actor_id: actorId,
        object_id: objectId,
        created_at: stamp,
        read_at: null,
        subject: notes?.subject ?? null,
        reason: notes?.reason ?? null,
      })),
    );
    await Promise.all(
      keeping.map(async (id) => deps.realtime.send([id], { type: 'notifications.unread', unread: (await unreadCount(id)).unread })),
    );
    if (deps.push)
      await pushTo(
        keeping.filter((id) => settings.get(id)!.notifications.push),
        kind,
        objectId,
      );
    const mailed = keeping.filter((id) => wantsEmail(settings.get(id)!, kind));
    if (mailed.length === 0) return;
    const people = await deps.accounts.contacts(mailed);
    for (const person of people) {
      if (!(await mayMail(person.id, kind))) continue;
      await emailFor(kind, person, readLanguage(settings.get(person.id)!.appearance.language), actorId, objectId);
    }
  }

  /** Each recipient's group of this kind and object, as their bell shows it now, pushed to their devices. */
  async function pushTo(recipientIds: readonly string[], kind: NotificationKind, objectId: string): Promise<void> {
    for (const recipientId of recipientIds) {
      try {
        // The new notification's group is among the newest few (others may have arrived meanwhile).
        const group = (await list(recipientId, { limit: 5 })).items.find((item) => item.id === groupId(kind, objectId));
        if (!group) continue;
        const [latest] = group.actors;
        await deps.push!.tell(recipientId, {
          kind,
          who: latest?.name ?? null,
          others: Math.max(0, group.actorCount - 1),
          subject: group.subject,
          url: group.href,
          tag: group.id,
        });
      } catch (error) {
        log.error({ err: error, kind }, 'could not queue a push');
      }
    }
  }

  function listen(events: Pick<EventBus, 'on'>): void {
    events.on('profile.followed', ({ followerId, followeeId }) => notify('follow', [followeeId], followerId, followeeId));
    events.on('profile.follow_requested', ({ requesterId, targetId }) => notify('follow_request', [targetId], requesterId, targetId));
    events.on('profile.follow_approved', ({ requesterId, targetId }) => notify('follow_approved', [requesterId], targetId, targetId));
    events.on('review.liked', ({ reviewId, authorId, likerId }) => notify('review_like', [authorId], likerId, reviewId));
    // A like from another site: told in the bell like any other (not e-mailed: its person has no profile here).
    events.on('review.liked_remotely', ({ reviewId, authorId, actorId }) => notify('review_like', [authorId], actorId, reviewId));
    events.on('review.commented_remotely', ({ reviewId, authorId, actorId }) => notify('review_comment', [authorId], actorId, reviewId));
    events.on('data_export.ready', ({ userId, exportId }) => notify('export_ready', [userId], userId, exportId));
    events.on('collection.liked', ({ collectionId, ownerId, likerId }) => notify('collection_like', [ownerId], likerId, collectionId));
    events.on('review.commented', async ({ reviewId, authorId, commenterId, body, replyTo }) => {
      // A reply tells the author of the comment answered; a review's author answered in a thread hears of it once.
      if (replyTo) await notify('comment_reply', [replyTo.authorId], commenterId, replyTo.commentId);
      if (replyTo?.authorId !== authorId) await notify('review_comment', [authorId], commenterId, reviewId);
      const names = [...new Set([...body.matchAll(MENTION)].map((match) => match[2]!.toLowerCase()))];
      // The author (and whoever was answered) already hears of the comment itself.
      const told = new Set([authorId, replyTo?.authorId]);
      const mentioned = [...(await deps.hydrator.idsOfUsernames(names)).values()].filter((id) => !told.has(id));
      await notify('mention', mentioned, commenterId, reviewId);
    });
    events.on('moderation.decided', ({ kind, authorId, objectId, subject, reason }) =>
      notify(kind, [authorId], authorId, objectId, { subject, reason }),
    );
    events.on('review.published', async ({ reviewId, authorId }) => {
      // Someone who does not share their reviews is not announced to their followers.
      if ((await deps.settings.readMany([authorId])).get(authorId)?.sharing.reviews === false) return;
      await notify('recommendation', await deps.profiles.followerIds(authorId), authorId, reviewId);
    });
  }

  /** The album a review is about (title and artist), for e-mails. */
  async function albumOfReview(reviewId: string) {
    const review = (await deps.hydrator.reviews([reviewId])).get(reviewId);
    return review && (await deps.hydrator.albums([review.albumId])).get(review.albumId)?.album;
  }

  async function list(recipientId: string, query: NotificationsQuery): Promise<NotificationsPage> {
    const before = query.cursor && !Number.isNaN(Date.parse(query.cursor)) ? new Date(query.cursor).toISOString() : null;
    if (query.cursor && !before) {
      throw badRequest('invalid_cursor', undefined, [fieldIssue('query.cursor', 'cursor')]);
    }
    const hidden = await deps.hydrator.excluded.reachable(recipientId);
    const rows = await repository.groups(db, recipientId, hidden, before, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const objectIds = [...new Set(page.map((row) => row.object_id))];
    // What each group is about comes from the hydrator's cards: a review's album, a list's name, a comment's review.
    const [actorRows, reviews, lists, comments] = await Promise.all([
      repository.actorsOf(db, recipientId, hidden, objectIds),
      deps.hydrator.reviews(page.filter((row) => isAboutReview(row.kind)).map((row) => row.object_id)),
      deps.hydrator.lists(page.filter((row) => row.kind === 'collection_like').map((row) => row.object_id)),
      deps.reviews.commentsOn(
        page.filter((row) => row.kind === 'comment_reply' || row.kind === 'comment_hidden').map((row) => row.object_id),
      ),
    ]);
    const [people, albums, remote] = await Promise.all([
      deps.hydrator.people(actorRows.map((row) => row.actor_id)),
      deps.hydrator.albums([...[...reviews.values()].map((review) => review.albumId), ...comments.map((row) => row.album_id)]),
      deps.remotePeople?.(actorRows.map((row) => row.actor_id)) ?? new Map<string, NotificationActor>(),
    ]);
    const titleOf = (albumId: string) => albums.get(albumId)?.album.title;
    const actors = new Map<string, NotificationActor[]>();
    for (const row of actorRows) {
      const person = people.get(row.actor_id);
      const actor = person ? presentPerson(person) : remote.get(row.actor_id);
      if (!actor) continue;
      const key = groupId(row.kind, row.object_id);
      actors.set(key, [...(actors.get(key) ?? []), actor]);
    }
    const subjects = {
      reviews: new Map(
        [...reviews.values()].flatMap((review) => {
          const title = titleOf(review.albumId);
          return title === undefined ? [] : [[review.id, title] as const];
        }),
      ),
      collections: new Map([...lists.values()].map((list) => [list.id, list.name])),
      comments: new Map(
        comments.flatMap((row) => {
          const title = titleOf(row.album_id);
          return title === undefined ? [] : [[row.id, { reviewId: row.review_id, title }] as const];
        }),
      ),
    };
    return {
      items: page.map((row) => presentGroup(row, actors.get(groupId(row.kind, row.object_id)) ?? [], subjects)),
      nextCursor: rows.length > query.limit ? new Date(page[page.length - 1]!.latest).toISOString() : null,
    };
  }

  async function unreadCount(recipientId: string) {
    return { unread: await repository.unreadCount(db, recipientId, await deps.hydrator.excluded.reachable(recipientId)) };
  }

  async function markRead(recipientId: string, body: MarkReadBody): Promise<{ unread: number }> {
    const groups = body?.groups?.map((id) => {
      const at = id.indexOf(':');
      return { kind: id.slice(0, at), objectId: id.slice(at + 1) };
    });
    await repository.markRead(db, recipientId, now(), { upTo: body?.upTo, groups });
    const { unread } = await unreadCount(recipientId);
    // The person's other tabs and devices update their bell too.
    deps.realtime.send([recipientId], { type: 'notifications.unread', unread });
    return { unread };
  }

  const forgetPerson = (userId: string) => repository.forgetPerson(db, userId);

  return { listen, list, unreadCount, markRead, unsubscribeTopic, unsubscribe, unsubscribeToken: links.token, forgetPerson };
}
