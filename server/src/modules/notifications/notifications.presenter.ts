import {
  MODERATION_NOTICE_KINDS,
  type NotificationActor,
  type NotificationGroup,
  type NotificationKind,
} from '@hearsay/contracts/notifications';
import { REPORT_REASONS } from '@hearsay/contracts/constants';
import { paths } from '@hearsay/contracts/paths';
import type * as repository from './notifications.repository.ts';

/** Actors shown by name in a group; the rest are "and N others". */
const ACTORS_SHOWN = 3;

export const groupId = (kind: string, objectId: string) => `${kind}:${objectId}`;

const isModerationNotice = (kind: NotificationKind) => (MODERATION_NOTICE_KINDS as readonly string[]).includes(kind);

/**
 * A moderator's reason as a sentence a member reads: spaces tidied, and a reason written as a code (`hateful_content`,
 * `spam-links`) turned into words ("Hateful content"). One of the report reasons (`wrong_data`) stays as it is, for the
 * app to name in the reader's language.
 */
function readableReason(reason: string): string {
  const text = reason.replace(/\s+/g, ' ').trim();
  if ((REPORT_REASONS as readonly string[]).includes(text)) return text;
  if (!/^[a-z0-9]+(?:[_-][a-z0-9]+)+$/i.test(text)) return text;
  const words = text.replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The review a comment is on, and its album's title (for replies and hidden comments). */
interface CommentSubject {
  reviewId: string;
  title: string;
}

/** Where a moderator's decision leads: what was hidden (its author still reads it, with the reason), or the rules. */
function moderationHref(kind: NotificationKind, objectId: string, comments: Map<string, CommentSubject>): string {
  if (kind === 'review_hidden') return paths.review(objectId);
  if (kind === 'correction_accepted' || kind === 'correction_rejected') return paths.album(objectId);
  const comment = comments.get(objectId);
  if (kind === 'comment_hidden' && comment) return `${paths.review(comment.reviewId)}#comments`;
  return paths.communityRules();
}

export function presentGroup(
  row: repository.GroupRow,
  actors: readonly NotificationActor[],
  subjects: { reviews: Map<string, string>; collections: Map<string, string>; comments: Map<string, CommentSubject> },
): NotificationGroup {
  const kind = row.kind as NotificationKind;
  const isCollection = kind === 'collection_like';
  const latestActor = actors[0];
  const aboutPerson = kind === 'follow' || kind === 'follow_request' || kind === 'follow_approved' || kind === 'export_ready';
  const reply = kind === 'comment_reply' ? subjects.comments.get(row.object_id) : undefined;
  const href = isModerationNotice(kind)
    ? moderationHref(kind, row.object_id, subjects.comments)
    : kind === 'comment_reply'
      ? reply
        ? `${paths.review(reply.reviewId)}#comments`
        : paths.home()
      : kind === 'follow_request' || kind === 'export_ready'
        ? paths.settings('privacy')
        : aboutPerson
          ? latestActor
            ? paths.profile(latestActor.username)
            : paths.home()
          : isCollection
            ? paths.list(row.object_id)
            : paths.review(row.object_id);
  const subject = isModerationNotice(kind)
    ? row.subject
    : kind === 'comment_reply'
      ? (reply?.title ?? null)
      : aboutPerson
        ? null
        : ((isCollection ? subjects.collections : subjects.reviews).get(row.object_id) ?? null);
  return {
    id: groupId(kind, row.object_id),
    kind,
    actors: actors.slice(0, ACTORS_SHOWN),
    actorCount: Number(row.actors),
    subject,
    reason: isModerationNotice(kind) && row.reason ? readableReason(row.reason) : null,
    href,
    latestAt: new Date(row.latest).toISOString(),
    unread: Number(row.unread) > 0,
  };
}
