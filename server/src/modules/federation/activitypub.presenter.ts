import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { escapeMarkup } from '../../platform/text.ts';

/**
 * Hearsay's rows as ActivityPub objects and back (decision 067): the one place that knows their shape. What goes out is
 * a `Note` any fediverse software shows well on its own (the album, its artist, the rating written out, the review's
 * words, the cover as an attachment), with machine-readable extras in the shape NeoDB uses (`tag` holding the album as
 * a typed object with its MusicBrainz release-group address, `relatedWith` holding a `Rating` out of 10 and the
 * review), so another Hearsay or NeoDB site files it under the right album. docs/FEDERATION.md describes each field.
 */

export const ACTIVITYSTREAMS = 'https://www.w3.org/ns/activitystreams';
export const PUBLIC = `${ACTIVITYSTREAMS}#Public`;
const CONTEXT = [ACTIVITYSTREAMS, 'https://w3id.org/security/v1'];
const MUSICBRAINZ_RELEASE_GROUP = 'https://musicbrainz.org/release-group/';

/** Who sees a member's activity: public goes to everyone, followers-only to their followers' collection alone. */
export type Audience = 'public' | 'followers';

export interface OutgoingAlbum {
  url: string;
  title: string;
  artist: string;
  coverUrl: string | null;
  mbid: string | null;
}

export interface OutgoingPost {
  /** The note's id: its address on this site. */
  id: string;
  actorUri: string;
  followersUri: string;
  audience: Audience;
  album: OutgoingAlbum;
  rating: number;
  /** Where a reader sees it on this site (a review's page, a rating's album); the note's id when absent. */
  pageUrl?: string;
  /** A review's title and sanitised HTML; absent for a rating alone. */
  review?: { title: string; contentHtml: string };
  published: string;
  updated: string;
}

/** "★★★★½ 9/10": the rating written out, readable without custom emoji. */
export function ratingText(rating: number): string {
  return `${'★'.repeat(Math.floor(rating / 2))}${rating % 2 ? '½' : ''} ${rating}/10`;
}

const addressing = (post: Pick<OutgoingPost, 'audience' | 'followersUri'>) =>
  post.audience === 'public' ? { to: [PUBLIC], cc: [post.followersUri] } : { to: [post.followersUri], cc: [] };

/** A rating or a review as a `Note`. */
export function presentNote(post: OutgoingPost): Record<string, unknown> {
  const { album } = post;
  const albumLink = `<a href="${escapeMarkup(album.url)}">${escapeMarkup(album.title)}</a> — ${escapeMarkup(album.artist)}`;
  const headline = `<p>${ratingText(post.rating)} · ${albumLink}</p>`;
  const content = post.review
    ? `<p><strong>${escapeMarkup(post.review.title)}</strong></p>${headline}${post.review.contentHtml}`
    : headline;
  const albumObject = {
    type: 'Album',
    id: album.url,
    href: album.url,
    name: album.title,
    artist: album.artist,
    ...(album.mbid ? { musicbrainz: `${MUSICBRAINZ_RELEASE_GROUP}${album.mbid}` } : {}),
    ...(album.coverUrl ? { image: album.coverUrl } : {}),
  };
  const related = (type: string, id: string, extra: Record<string, unknown>) => ({
    type,
    id,
    href: post.id,
    withRegardTo: album.url,
    attributedTo: post.actorUri,
    published: post.published,
    updated: post.updated,
    ...extra,
  });
  return {
    id: post.id,
    type: 'Note',
    attributedTo: post.actorUri,
    ...addressing(post),
    // Where other software links "the original": a page a browser shows.
    url: post.pageUrl ?? post.id,
    published: post.published,
    ...(post.updated !== post.published ? { updated: post.updated } : {}),
    ...(post.review ? { name: post.review.title } : {}),
    content,
    mediaType: 'text/html',
    attachment: album.coverUrl
      ? [{ type: 'Image', mediaType: 'image/jpeg', url: album.coverUrl, name: `${album.title} — ${album.artist}` }]
      : [],
    tag: [albumObject],
    relatedWith: [
      related('Rating', `${post.id}#rating`, { value: post.rating, best: 10, worst: 1 }),
      ...(post.review ? [related('Review', `${post.id}#review`, { name: post.review.title, content: post.review.contentHtml })] : []),
    ],
  };
}

/** An activity with its context; `object` an object or the id of one. */
export function presentActivity(
  type: 'Create' | 'Update' | 'Delete' | 'Follow' | 'Accept' | 'Reject' | 'Undo' | 'Like',
  activity: { id: string; actor: string; object: unknown; to?: string[]; cc?: string[]; published?: string },
): Record<string, unknown> {
  return { '@context': CONTEXT, type, ...activity };
}

/** `Create`/`Update` of a note, addressed as the note is. */
export function presentPostActivity(type: 'Create' | 'Update', post: OutgoingPost, stamp: string): Record<string, unknown> {
  return presentActivity(type, {
    id: `${post.id}#${type.toLowerCase()}-${Date.parse(stamp)}`,
    actor: post.actorUri,
    object: presentNote(post),
    ...addressing(post),
    published: stamp,
  });
}

/** `Delete` of a note, with a `Tombstone` (Mastodon's shape). */
export function presentDeleteActivity(
  post: Pick<OutgoingPost, 'id' | 'actorUri' | 'followersUri' | 'audience'>,
  stamp: string,
): Record<string, unknown> {
  return presentActivity('Delete', {
    id: `${post.id}#delete-${Date.parse(stamp)}`,
    actor: post.actorUri,
    object: { id: post.id, type: 'Tombstone' },
    ...addressing(post),
  });
}

/**
 * A member's doing that is not a rating or a review: a listen logged in the journal, a new public list, an album put in
 * one. Each is a `Note` whose content says it in words; the album it is about (if one) rides in `tag` as for a rating,
 * with no `relatedWith` Rating, so no site mistakes it for one.
 */
export type OutgoingMoment =
  | { kind: 'listen'; album: OutgoingAlbum; listenedOn: string; rating: number | null }
  | { kind: 'list'; list: { url: string; name: string; description: string }; albums: OutgoingAlbum[] }
  | { kind: 'list-album'; list: { url: string; name: string }; album: OutgoingAlbum; note: string };

export interface OutgoingMomentNote {
  id: string;
  actorUri: string;
  followersUri: string;
  audience: Audience;
  moment: OutgoingMoment;
  published: string;
  updated: string;
}

/** A new list's note names this many of its albums; the list's page has the rest. */
const LIST_ALBUMS_NAMED = 10;

const albumLine = (album: OutgoingAlbum) =>
  `<a href="${escapeMarkup(album.url)}">${escapeMarkup(album.title)}</a> — ${escapeMarkup(album.artist)}`;

const albumTag = (album: OutgoingAlbum) => ({
  type: 'Album',
  id: album.url,
  href: album.url,
  name: album.title,
  artist: album.artist,
  ...(album.mbid ? { musicbrainz: `${MUSICBRAINZ_RELEASE_GROUP}${album.mbid}` } : {}),
  ...(album.coverUrl ? { image: album.coverUrl } : {}),
});

const coverAttachment = (album: OutgoingAlbum) =>
  album.coverUrl ? [{ type: 'Image', mediaType: 'image/jpeg', url: album.coverUrl, name: `${album.title} — ${album.artist}` }] : [];

/** The words of a moment's note, as HTML that reads alone. */
function momentContent(moment: OutgoingMoment, published: string): string {
  switch (moment.kind) {
    case 'listen': {
      // The day is the listener's own; said only when it is not the day the note went out.
      const day = moment.listenedOn !== published.slice(0, 10) ? ` on ${escapeMarkup(moment.listenedOn)}` : '';
      const rating = moment.rating !== null ? ` · ${ratingText(moment.rating)}` : '';
      return `<p>Listened to ${albumLine(moment.album)}${day}${rating}</p>`;
    }
    case 'list': {
      const listLink = `<a href="${escapeMarkup(moment.list.url)}">${escapeMarkup(moment.list.name)}</a>`;
      const description = moment.list.description ? `<p>${escapeMarkup(moment.list.description)}</p>` : '';
      const named = moment.albums.slice(0, LIST_ALBUMS_NAMED);
      const more = moment.albums.length - named.length;
      const albums = named.length
        ? `<ol>${named.map((album) => `<li>${albumLine(album)}</li>`).join('')}</ol>${more > 0 ? `<p>…and ${more} more</p>` : ''}`
        : '';
      return `<p>Made the list «${listLink}»</p>${description}${albums}`;
    }
    case 'list-album': {
      const listLink = `<a href="${escapeMarkup(moment.list.url)}">${escapeMarkup(moment.list.name)}</a>`;
      const note = moment.note ? `<p>${escapeMarkup(moment.note)}</p>` : '';
      return `<p>Added ${albumLine(moment.album)} to the list «${listLink}»</p>${note}`;
    }
  }
}

/**
 * A listen, a list or an album added to a list as a `Note`. A list's note tags none of its albums: it is about the
 * list, and a site that files notes under an album would file it under one of many.
 */
export function presentMomentNote(note: OutgoingMomentNote): Record<string, unknown> {
  const { moment } = note;
  const album = moment.kind === 'list' ? null : moment.album;
  return {
    id: note.id,
    type: 'Note',
    attributedTo: note.actorUri,
    ...addressing(note),
    url: moment.kind === 'listen' ? note.id : moment.list.url,
    published: note.published,
    ...(note.updated !== note.published ? { updated: note.updated } : {}),
    content: momentContent(moment, note.published),
    mediaType: 'text/html',
    attachment: album ? coverAttachment(album) : [],
    tag: album ? [albumTag(album)] : [],
  };
}

/** `Create`/`Update` of a moment's note, addressed as the note is. */
export function presentMomentActivity(type: 'Create' | 'Update', note: OutgoingMomentNote, stamp: string): Record<string, unknown> {
  return presentActivity(type, {
    id: `${note.id}#${type.toLowerCase()}-${Date.parse(stamp)}`,
    actor: note.actorUri,
    object: presentMomentNote(note),
    ...addressing(note),
    published: stamp,
  });
}

// What comes in. Everything from another server is untrusted: read with schemas, at bounded sizes, never trusted for
// more than it can prove (the framework has checked that the signer is the activity's actor).

const Uri = z.url({ protocol: /^https?$/ }).max(2048);
/** An id given as the address itself or as an object carrying it. */
const Ref = z.union([Uri, z.object({ id: Uri }).transform((value) => value.id)]);
const OneOrMany = <T extends z.ZodType>(item: T) => z.union([z.array(item).max(50), item.transform((value) => [value])]);
const Text = (max: number) => z.string().max(max);

const TagSchema = z
  .object({
    type: z.string().max(64).optional(),
    id: Uri.optional(),
    href: Uri.optional(),
    name: Text(1000).optional(),
    artist: Text(1000).optional(),
    musicbrainz: Uri.optional(),
  })
  .loose();

const RelatedSchema = z
  .object({
    type: z.string().max(64),
    value: z.number().optional(),
    best: z.number().optional(),
    worst: z.number().optional(),
    withRegardTo: Uri.optional(),
  })
  .loose();

const NoteSchema = z
  .object({
    id: Uri,
    type: z.enum(['Note', 'Article', 'Review', 'Comment', 'Rating']),
    attributedTo: OneOrMany(Ref).optional(),
    name: Text(1000).nullish(),
    content: Text(200_000).nullish(),
    url: z.union([Uri, z.object({ href: Uri }).transform((value) => value.href), z.array(z.unknown())]).nullish(),
    published: z.iso.datetime({ offset: true }).nullish(),
    updated: z.iso.datetime({ offset: true }).nullish(),
    inReplyTo: z.unknown().optional(),
    tag: OneOrMany(z.unknown()).optional(),
    relatedWith: OneOrMany(z.unknown()).optional(),
  })
  .loose();

export interface IncomingPost {
  uri: string;
  authorUri: string | null;
  album: { title: string; artist: string; mbid: string | null; url: string | null } | null;
  rating: number | null;
  title: string;
  contentHtml: string;
  url: string | null;
  published: string | null;
  updated: string | null;
}

const MBID = /^https?:\/\/(?:[a-z]+\.)?musicbrainz\.org\/release-group\/([0-9a-f-]{36})\/?$/i;

/** A rating out of `best` as this site's 1–10 (half stars): exact for a Hearsay or NeoDB rating out of 10. */
export function ratingOutOfTen(value: number, best = 10, worst = 1): number | null {
  if (!Number.isFinite(value) || !Number.isFinite(best) || best <= worst || value < worst || value > best) return null;
  return Math.min(10, Math.max(1, Math.round((value / best) * 10)));
}

/** Remote HTML for showing here: text, paragraphs, emphasis, lists and links; no pictures, styles or scripts. */
export function sanitizeRemoteHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'span'],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow ugc noopener', target: '_blank' }) },
  }).trim();
}

/**
 * A rating or review as another site sent it, or null when it is not one (a plain status, a reply, something with no
 * album): a Hearsay or NeoDB note names its album in `tag` and its rating in `relatedWith`.
 */
export function parseIncomingPost(json: unknown): IncomingPost | null {
  const parsed = NoteSchema.safeParse(json);
  if (!parsed.success) return null;
  const note = parsed.data;
  if (note.inReplyTo) return null;
  const tags = (note.tag ?? []).flatMap((tag) => {
    const read = TagSchema.safeParse(tag);
    return read.success ? [read.data] : [];
  });
  const related = (note.relatedWith ?? []).flatMap((item) => {
    const read = RelatedSchema.safeParse(item);
    return read.success ? [read.data] : [];
  });
  // Only an album: NeoDB's `Edition` is a book (as is BookWyrm's, which tags the books a status mentions).
  const albumTag = tags.find((tag) => tag.type === 'Album' || (tag.musicbrainz ?? tag.href ?? '').match(MBID));
  if (!albumTag) return null;
  const mbid = [albumTag.musicbrainz, albumTag.href, albumTag.id].map((uri) => uri?.match(MBID)?.[1]).find(Boolean) ?? null;
  const title = (albumTag.name ?? '').trim();
  if (!title && !mbid) return null;
  const ratingItem = related.find((item) => item.type === 'Rating' && typeof item.value === 'number');
  const reviewItem = related.find((item) => item.type === 'Review');
  // NeoDB's `Review` carries the Markdown source; the HTML is then the note's own content.
  const reviewIsHtml = typeof reviewItem?.mediaType !== 'string' || reviewItem.mediaType === 'text/html';
  const reviewContent = typeof reviewItem?.content === 'string' && reviewIsHtml ? reviewItem.content : null;
  const reviewName = typeof reviewItem?.name === 'string' ? reviewItem.name : null;
  const isReview = Boolean(reviewItem) || note.type === 'Review' || note.type === 'Article';
  const urls = Array.isArray(note.url) ? [] : [note.url];
  const rating = ratingItem ? ratingOutOfTen(ratingItem.value!, ratingItem.best ?? 10, ratingItem.worst ?? 1) : null;
  // Neither a rating nor a review (a listen, an album put in a list): its own words say what it is.
  const said = !isReview && rating === null ? sanitizeRemoteHtml(note.content ?? '') : '';
  return {
    uri: note.id,
    authorUri: note.attributedTo?.[0] ?? null,
    album: {
      title: title.slice(0, 500),
      artist: (albumTag.artist ?? '').trim().slice(0, 500),
      mbid,
      url: albumTag.href ?? albumTag.id ?? null,
    },
    rating,
    title: isReview ? (reviewName ?? note.name ?? '').slice(0, 500) : '',
    contentHtml: isReview ? sanitizeRemoteHtml(reviewContent ?? note.content ?? '') : said,
    url: urls[0] ?? null,
    published: note.published ?? null,
    updated: note.updated ?? null,
  };
}

export interface IncomingReply {
  uri: string;
  authorUri: string | null;
  /** The note it answers. */
  inReplyTo: string;
  /** Sanitised HTML. */
  contentHtml: string;
  url: string | null;
  published: string | null;
  updated: string | null;
}

/** A reply (any note with `inReplyTo`), or null when the note answers nothing or is not one. */
export function parseIncomingReply(json: unknown): IncomingReply | null {
  const parsed = NoteSchema.safeParse(json);
  if (!parsed.success) return null;
  const note = parsed.data;
  const inReplyTo = Ref.safeParse(note.inReplyTo);
  if (!inReplyTo.success) return null;
  const urls = Array.isArray(note.url) ? [] : [note.url];
  return {
    uri: note.id,
    authorUri: note.attributedTo?.[0] ?? null,
    inReplyTo: inReplyTo.data,
    contentHtml: sanitizeRemoteHtml(note.content ?? ''),
    url: urls[0] ?? null,
    published: note.published ?? null,
    updated: note.updated ?? null,
  };
}

/** Sanitised remote HTML as the plain text of a comment: paragraphs and line breaks kept as new lines. */
export function remoteHtmlAsText(html: string): string {
  const text = sanitizeHtml(
    sanitizeRemoteHtml(html)
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*<p>/gi, '\n\n'),
    { allowedTags: [], allowedAttributes: {} },
  );
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const FlagSchema = z
  .object({
    type: z.literal('Flag'),
    object: OneOrMany(Ref),
    content: Text(20_000).nullish(),
  })
  .loose();

export interface IncomingFlag {
  /** The addresses it names: accounts and posts. */
  objects: string[];
  /** The reason its moderators gave (plain text). */
  reason: string;
}

/** A report another site sent, or null when it is not one. */
export function parseIncomingFlag(json: unknown): IncomingFlag | null {
  const parsed = FlagSchema.safeParse(json);
  if (!parsed.success) return null;
  return { objects: [...new Set(parsed.data.object)], reason: remoteHtmlAsText(parsed.data.content ?? '') };
}

/**
 * A report sent to another site: from the site's own actor, so that the member who reported stays unnamed there, to
 * the reported account's server, naming the account and the posts.
 */
export function presentFlag(flag: { id: string; actor: string; objects: string[]; reason: string }): Record<string, unknown> {
  return { '@context': CONTEXT, type: 'Flag', id: flag.id, actor: flag.actor, object: flag.objects, content: flag.reason };
}

const ActivitySchema = z
  .object({
    id: Uri.optional(),
    type: z.string().max(64),
    actor: Ref,
    object: z.unknown(),
  })
  .loose();

export type IncomingActivity = z.infer<typeof ActivitySchema>;

/** The envelope of an incoming activity, or null when it is not one. */
export function parseIncomingActivity(json: unknown): IncomingActivity | null {
  const parsed = ActivitySchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The id an activity's `object` names, whether given as the address or as an object. */
export function objectId(object: unknown): string | null {
  const parsed = Ref.safeParse(object);
  return parsed.success ? parsed.data : null;
}

/** The type of an embedded object (`Follow` inside an `Undo`), if it has one. */
export function objectType(object: unknown): string | null {
  return typeof object === 'object' && object !== null && typeof (object as { type?: unknown }).type === 'string'
    ? (object as { type: string }).type
    : null;
}

const ActorSchema = z
  .object({
    id: Uri,
    type: z.enum(['Person', 'Service', 'Application', 'Group', 'Organization']),
    preferredUsername: Text(200).regex(/^[^\s@]+$/),
    name: Text(1000).nullish(),
    summary: Text(20_000).nullish(),
    icon: z.union([z.object({ url: Ref }).loose(), z.array(z.unknown())]).nullish(),
    url: z.union([Uri, z.object({ href: Uri }).transform((value) => value.href), z.array(z.unknown())]).nullish(),
    manuallyApprovesFollowers: z.boolean().nullish(),
  })
  .loose();

export interface IncomingActor {
  uri: string;
  username: string;
  name: string;
  /** As sent: HTML, for the caller to make plain text of. */
  summaryHtml: string;
  avatarUrl: string | null;
  url: string | null;
  locked: boolean;
}

/** The actor an `Update` carries (Mastodon sends one when someone changes their profile), or null when it is not one. */
export function parseIncomingActor(json: unknown): IncomingActor | null {
  const parsed = ActorSchema.safeParse(json);
  if (!parsed.success) return null;
  const actor = parsed.data;
  const icon = Array.isArray(actor.icon) ? actor.icon[0] : actor.icon;
  const avatar = icon ? Ref.safeParse((icon as { url?: unknown }).url) : null;
  return {
    uri: actor.id,
    username: actor.preferredUsername,
    name: (actor.name ?? '').trim(),
    summaryHtml: actor.summary ?? '',
    avatarUrl: avatar?.success ? avatar.data : null,
    url: typeof actor.url === 'string' ? actor.url : null,
    locked: actor.manuallyApprovesFollowers === true,
  };
}
