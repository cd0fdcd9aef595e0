import type { Expression, SqlBool } from 'kysely';
import { pageFields, type Page } from '@hearsay/contracts/pagination';
import type { Comment, Review, ReviewBody, ReviewDraft } from '@hearsay/contracts/reviews';
import type { Testimonial } from '@hearsay/contracts/site';
import type { IdRange } from '../../platform/db/id-ranges.ts';
import { isUniqueViolation, type DB } from '../../platform/db/index.ts';
import { badRequest, conflict, forbidden, notFound, fieldIssue } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { CatalogService, ReviewLookup } from '../catalog/catalog.service.ts';
import type { ActivityLog } from '../feed/feed.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import * as asked from './asked.repository.ts';
import * as repository from './reviews.repository.ts';
import type { ImageProxyService } from '../image-proxy/image-proxy.service.ts';
import { mapImageSources, reviewText, sanitizeReviewHtml } from './sanitize.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentPerson, type PersonSummary } from '../../hydration/people.presenter.ts';
import { excerptOf, presentReview } from '../../hydration/reviews.presenter.ts';
import { COMMENT_MAX, REVIEW_MIN_CHARACTERS, REVIEW_TITLE_MAX } from '@hearsay/contracts/constants';
import { reviewsAlbumMerge } from './merged-albums.repository.ts';

export interface ReviewsServiceDeps {
  db: DB;
  clock: () => Date;
  catalog: CatalogService;
  ratings: RatingsService;
  images: Pick<ImageProxyService, 'imageSrc'>;
  /**
   * Reviews with their authors and albums, and whose reviews and comments the reader may see (`canSee`: blocks either
   * way, closed profiles; what a moderator hid, its author alone).
   */
  hydrator: Pick<Hydrator, 'people' | 'person' | 'idsOfUsernames' | 'rules' | 'where' | 'shownReviews'>;
  /** Told after likes, comments and new reviews are committed; the job thread has none. */
  events?: Pick<EventBus, 'emit'>;
  /** The author's count of reviews on their profile (profiles' counters), moved in the review's transaction. */
  profileCounters: { shiftCounters(executor: DB, userId: string, deltas: { reviews_count: number }): Promise<void> };
  /** The feed's row for a review, written and removed in the review's transaction (decision 015). */
  activity: ActivityLog;
  /** People of other sites by id (federation), for the replies they sent; absent with federation off. */
  remotePeople?: (ids: readonly string[]) => Promise<Map<string, RemoteCommenter>>;
}

/** The author of a reply from another site, as a comment names them. */
export interface RemoteCommenter {
  id: string;
  /** `name@host` */
  username: string;
  name: string;
  avatarUrl: string | null;
  /** Their page on their own site. */
  remoteUrl: string;
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

const MENTION = /(^|[^\w@])@([a-z0-9_]{2,40})/gi;

/**
 * Reviews: one per person per album, written as rich text and kept as sanitised HTML. Publishing also sets the
 * person's rating of the album. Editing keeps the earlier version; likes and comments keep their counts on the
 * review, and the album's and the author's review counts move in the same transaction as the review.
 */
/**
 * What the catalog asks of reviews (Discover's active and recent albums): parts of its statements that read the review
 * table (decision 066), made before the catalog exists so that the catalog and the reviews service do not need each other.
 */
export function createReviewLookup(db: DB): ReviewLookup {
  return {
    albumsReviewedSince: (since) => asked.albumsReviewedSince(db, since),
    moments: () => asked.reviewMoments(db),
  };
}

export function createReviewsService(deps: ReviewsServiceDeps) {
  const { db, catalog, hydrator } = deps;
  const now = () => deps.clock().toISOString();
  /** Stored HTML keeps pictures' addresses as written; readers get them through the image proxy (decision 14). */
  const shown = (html: string) => mapImageSources(html, deps.images.imageSrc);
  const reviewNotFound = () => notFound('review_not_found');

  const audience = (viewerId: string | undefined): repository.Audience => ({
    viewerId,
    shown: (author) => hydrator.where.canSee(viewerId, author),
  });

  /** Whether the viewer may see what this person wrote: no block either way, and a profile open to them. */
  async function canSeeAuthor(viewerId: string | undefined, authorId: string): Promise<boolean> {
    const author = await hydrator.person(authorId, viewerId);
    return Boolean(author && hydrator.rules.canSee(author));
  }

  /** The cards of these authors, by id; a deleted account is missing. */
  async function authors(ids: readonly string[]): Promise<Map<string, PersonSummary>> {
    const people = await hydrator.people(ids);
    return new Map([...people.values()].map((person) => [person.id, presentPerson(person)]));
  }

  /** The reviews a visitor may read whose id is in the range, for the sitemap. */
  async function sitemapShare(range: IdRange) {
    const rows = await repository.shownReviewIdsBetween(db, range, audience(undefined).shown);
    return rows.map((row) => ({ path: `/review/${row.id}`, updatedAt: row.updated_at }));
  }

  /**
   * A review the viewer may see and act on: one by someone blocked either way, or hidden by a moderator (for anyone
   * but its author), is not found, as if deleted.
   */
  async function visibleReview(reviewId: string, viewerId: string | undefined) {
    const review = await repository.findReview(db, reviewId);
    if (!review || !(await canSeeAuthor(viewerId, review.user_id))) throw reviewNotFound();
    if (review.hidden_reason !== null && review.user_id !== viewerId) throw reviewNotFound();
    return review;
  }

  function clean(input: ReviewBody) {
    const html = sanitizeReviewHtml(input.content);
    const text = reviewText(html);
    if ([...text].length < REVIEW_MIN_CHARACTERS) {
      const params = { minimum: REVIEW_MIN_CHARACTERS };
      throw badRequest('review_too_short', params, [fieldIssue('body.content', 'review_too_short', params)]);
    }
    return { html, text, title: (input.title ?? '').trim() };
  }

  /** `filtered`: the ids come from a page's statement, which took the rule as a condition. */
  async function present(ids: readonly string[], viewerId: string | undefined, filtered = false): Promise<Review[]> {
    return (await hydrator.shownReviews(ids, viewerId, { filtered })).map((review) => presentReview(review, shown));
  }

  /** A review the viewer may see (the hydration layer's `reviewShown`), or not found, as if deleted. */
  async function one(reviewId: string, viewerId: string | undefined): Promise<Review> {
    const [review] = await present([reviewId], viewerId);
    if (!review) throw reviewNotFound();
    return review;
  }

  async function page(
    filter: Parameters<typeof repository.reviewIds>[1],
    query: { page: number; limit: number; sort?: repository.ReviewOrder },
    viewerId: string | undefined,
  ): Promise<Page<Review>> {
    const { ids, total } = await repository.reviewIds(
      db,
      filter,
      audience(viewerId),
      query.sort ?? 'recent',
      query.limit,
      (query.page - 1) * query.limit,
    );
    return {
      items: await present(ids, viewerId, true),
      ...pageFields(query, total),
    };
  }

  /**
   * `quiet`: no feed activity, for an import's old reviews (they would flood followers' feeds). `at`: when it was
   * written elsewhere (an imported Hearsay export keeps the date).
   */
  async function publish(
    userId: string,
    albumRef: string,
    input: ReviewBody,
    options: { quiet?: boolean; at?: string } = {},
  ): Promise<Review> {
    const albumId = await catalog.resolveAlbumId(albumRef);
    const { html, text, title } = clean(input);
    if (await repository.findByAuthorAndAlbum(db, userId, albumId)) {
      throw conflict('review_exists');
    }
    await deps.ratings.rate(userId, albumId, input.rating, { ...options, partOfReview: true });
    const id = newId();
    try {
      await db.transaction().execute(async (trx) => {
        const stamp = options.at ?? now();
        await repository.insertReview(trx, {
          id,
          user_id: userId,
          album_id: albumId,
          rating: input.rating,
          title,
          content_html: html,
          content_text: text,
          created_at: stamp,
          updated_at: stamp,
          edited_at: null,
        });
        await catalog.shiftAlbumCounters(trx, albumId, { review_count: 1 });
        await deps.profileCounters.shiftCounters(trx, userId, { reviews_count: 1 });
        // The draft became the review.
        await repository.deleteDraft(trx, userId, albumId);
        if (!options.quiet) {
          await deps.activity.record(trx, { actorId: userId, verb: 'reviewed', objectType: 'review', objectId: id, albumId, at: stamp });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('review_exists');
      throw error;
    }
    catalog.invalidateAlbum(albumId);
    // An import's old reviews are not news to anyone.
    if (!options.quiet) deps.events?.emit('review.published', { reviewId: id, authorId: userId, albumId });
    return one(id, userId);
  }

  async function ownReview(userId: string, reviewId: string) {
    const review = await repository.findReview(db, reviewId);
    if (!review) throw reviewNotFound();
    if (review.user_id !== userId) {
      // Only someone who can see it is told it is not theirs; for anyone else it does not exist.
      if (review.hidden_reason !== null || !(await canSeeAuthor(userId, review.user_id))) throw reviewNotFound();
      throw forbidden('not_your_review');
    }
    return review;
  }

  /** Edits keep the version they replace, so the review page can show its history. */
  async function edit(userId: string, reviewId: string, input: ReviewBody): Promise<Review> {
    const review = await ownReview(userId, reviewId);
    const { html, text, title } = clean(input);
    await deps.ratings.rate(userId, review.album_id, input.rating, { partOfReview: true });
    await db.transaction().execute(async (trx) => {
      const stamp = now();
      await repository.insertRevision(trx, review, newId(), review.edited_at ?? review.created_at);
      await repository.updateReview(trx, review.id, {
        rating: input.rating,
        title,
        content_html: html,
        content_text: text,
        updated_at: stamp,
        edited_at: stamp,
      });
    });
    catalog.invalidateAlbum(review.album_id);
    deps.events?.emit('review.edited', { reviewId: review.id, authorId: userId });
    return one(review.id, userId);
  }

  async function remove(userId: string, reviewId: string): Promise<{ ok: true }> {
    await deleteReview(await ownReview(userId, reviewId));
    return { ok: true };
  }

  async function deleteReview(review: { id: string; album_id: string; user_id: string }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await repository.deleteReview(trx, review.id);
      await deps.activity.remove(trx, { objectType: 'review', objectId: review.id });
      await catalog.shiftAlbumCounters(trx, review.album_id, { review_count: -1 });
      await deps.profileCounters.shiftCounters(trx, review.user_id, { reviews_count: -1 });
    });
    catalog.invalidateAlbum(review.album_id);
    deps.events?.emit('review.deleted', { reviewId: review.id, authorId: review.user_id });
  }

  async function deleteComment(comment: { id: string; review_id: string }): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await repository.deleteComment(trx, comment.id);
      await repository.shiftReviewCounter(trx, comment.review_id, 'comment_count', -1);
    });
  }

  /** A moderator deletes a review or comment, whoever wrote it. */
  async function removeAsModerator(kind: 'review' | 'comment', id: string): Promise<void> {
    if (kind === 'review') {
      const review = await repository.findReview(db, id);
      if (!review) throw reviewNotFound();
      await deleteReview(review);
    } else {
      const comment = await repository.findComment(db, id);
      if (!comment) throw notFound('comment_not_found');
      await deleteComment(comment);
    }
  }

  async function revisions(reviewId: string, viewerId: string | undefined) {
    await visibleReview(reviewId, viewerId);
    const rows = await repository.revisions(db, reviewId);
    return {
      revisions: rows.map((row) => ({
        title: row.title,
        rating: Number(row.rating),
        contentHtml: shown(row.content_html),
        writtenAt: row.written_at,
      })),
    };
  }

  async function setLike(userId: string, reviewId: string, liked: boolean) {
    const liking = await visibleReview(reviewId, userId);
    const likedNow = await db.transaction().execute(async (trx) => {
      const changed = liked ? await repository.addLike(trx, userId, reviewId, now()) : await repository.removeLike(trx, userId, reviewId);
      if (changed) await repository.shiftReviewCounter(trx, reviewId, 'like_count', liked ? 1 : -1);
      return liked && changed;
    });
    if (likedNow) deps.events?.emit('review.liked', { reviewId, authorId: liking.user_id, likerId: userId });
    return { liked, likeCount: await repository.likeCount(db, reviewId) };
  }

  /** A like from a person of another site (federation), counted with the review's likes. */
  async function countRemoteLike(reviewId: string, delta: 1 | -1): Promise<void> {
    await repository.shiftReviewCounter(db, reviewId, 'like_count', delta);
  }

  async function presentComments(rows: readonly repository.CommentRow[], viewerId: string | undefined): Promise<Comment[]> {
    const mentioned = new Set<string>();
    for (const row of rows) for (const match of row.body.matchAll(MENTION)) mentioned.add(match[2]!.toLowerCase());
    const remoteIds = rows.filter((row) => row.remote_uri !== null).map((row) => row.user_id);
    const [existing, people, remote] = await Promise.all([
      hydrator.idsOfUsernames([...mentioned]),
      authors(rows.filter((row) => row.remote_uri === null).map((row) => row.user_id)),
      remoteIds.length && deps.remotePeople ? deps.remotePeople(remoteIds) : new Map<string, RemoteCommenter>(),
    ]);
    return rows.flatMap((row) => {
      if (row.remote_uri !== null) {
        const person = remote.get(row.user_id);
        if (!person) return [];
        const { remoteUrl, ...author } = person;
        const comment = presentComment(row, author, new Map(), viewerId);
        return [{ ...comment, remote: { url: row.remote_url ?? remoteUrl, personUrl: remoteUrl } }];
      }
      const author = people.get(row.user_id);
      return author ? [presentComment(row, author, existing, viewerId)] : [];
    });
  }

  function presentComment(
    row: repository.CommentRow,
    author: PersonSummary,
    existing: ReadonlyMap<string, string>,
    viewerId: string | undefined,
  ): Comment {
    return {
      id: row.id,
      reviewId: row.review_id,
      author,
      parentId: row.parent_id,
      body: row.body,
      mentions: [...new Set([...row.body.matchAll(MENTION)].map((match) => match[2]!.toLowerCase()))].filter((name) => existing.has(name)),
      createdAt: row.created_at,
      editedAt: row.edited_at,
      isOwner: viewerId === row.user_id,
      hiddenReason: viewerId === row.user_id ? row.hidden_reason : null,
    };
  }

  async function comments(reviewId: string, query: { page: number; limit: number }, viewerId: string | undefined) {
    await visibleReview(reviewId, viewerId);
    const { rows, total } = await repository.comments(db, reviewId, audience(viewerId), query.limit, (query.page - 1) * query.limit);
    return {
      items: await presentComments(rows, viewerId),
      ...pageFields(query, total),
    };
  }

  async function commentById(commentId: string, viewerId: string): Promise<Comment> {
    const row = await repository.findComment(db, commentId);
    if (!row) throw notFound('comment_not_found');
    const [presented] = await presentComments([row], viewerId);
    return presented!;
  }

  /**
   * The comment a reply answers: on the same review, and one the replier may see (not hidden unless theirs, no block
   * either way, a profile open to them); anything else is not found.
   */
  async function answered(reviewId: string, commentId: string, userId: string) {
    const comment = await repository.findComment(db, commentId);
    const missing = () => notFound('comment_not_found', { context: 'parent' });
    if (!comment || comment.review_id !== reviewId) throw missing();
    if (comment.user_id !== userId && (comment.hidden_reason !== null || !(await canSeeAuthor(userId, comment.user_id)))) {
      throw missing();
    }
    return comment;
  }

  async function addComment(userId: string, reviewId: string, body: string, replyTo?: string): Promise<Comment> {
    const commented = await visibleReview(reviewId, userId);
    const parent = replyTo ? await answered(reviewId, replyTo, userId) : null;
    const id = newId();
    await db.transaction().execute(async (trx) => {
      const stamp = now();
      await repository.insertComment(trx, {
        id,
        review_id: reviewId,
        user_id: userId,
        body,
        created_at: stamp,
        updated_at: stamp,
        edited_at: null,
        // One level of threads: a reply to a reply joins the thread of the comment it answers.
        parent_id: parent ? (parent.parent_id ?? parent.id) : null,
      });
      await repository.shiftReviewCounter(trx, reviewId, 'comment_count', 1);
    });
    deps.events?.emit('review.commented', {
      reviewId,
      authorId: commented.user_id,
      commentId: id,
      commenterId: userId,
      body,
      replyTo: parent ? { commentId: parent.id, authorId: parent.user_id } : null,
    });
    return commentById(id, userId);
  }

  // Replies from other sites (federation): a person there answered a member's review.

  /**
   * Keeps a reply from another site as a comment on the review, or its edit when that note came before; answers
   * whether it is new and the review's author (who is told of a new one), or null when the review is not there to
   * answer (gone, or hidden by a moderator).
   */
  async function receiveRemoteComment(reply: {
    reviewId: string;
    actorId: string;
    uri: string;
    url: string | null;
    body: string;
    at: string;
  }): Promise<{ created: boolean; commentId: string; authorId: string } | null> {
    const review = await repository.findReview(db, reply.reviewId);
    if (!review || review.hidden_reason !== null) return null;
    const body = reply.body.trim().slice(0, COMMENT_MAX);
    if (!body) return null;
    const existing = await repository.findRemoteComment(db, reply.uri, reply.actorId);
    if (existing) {
      if (existing.body !== body) await repository.updateComment(db, existing.id, body, now());
      return { created: false, commentId: existing.id, authorId: review.user_id };
    }
    const id = newId();
    try {
      await db.transaction().execute(async (trx) => {
        await repository.insertComment(trx, {
          id,
          review_id: reply.reviewId,
          user_id: reply.actorId,
          body,
          created_at: reply.at,
          updated_at: reply.at,
          edited_at: null,
          hidden_reason: null,
          remote_uri: reply.uri,
          remote_url: reply.url,
        });
        await repository.shiftReviewCounter(trx, reply.reviewId, 'comment_count', 1);
      });
    } catch (error) {
      // The same note delivered twice at once: the first one kept it.
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    return { created: true, commentId: id, authorId: review.user_id };
  }

  /** A reply from another site edited there (`Update`): its words here follow; whether there was one. */
  async function editRemoteComment(uri: string, actorId: string, body: string): Promise<boolean> {
    const existing = await repository.findRemoteComment(db, uri, actorId);
    const text = body.trim().slice(0, COMMENT_MAX);
    if (!existing || !text) return false;
    if (existing.body !== text) await repository.updateComment(db, existing.id, text, now());
    return true;
  }

  /** A reply from another site deleted there (`Delete`): gone here too; whether there was one. */
  async function removeRemoteComment(uri: string, actorId: string): Promise<boolean> {
    const existing = await repository.findRemoteComment(db, uri, actorId);
    if (!existing) return false;
    await deleteComment(existing);
    return true;
  }

  /** People of other sites gone (their actor deleted, their server blocked): their replies go with them. */
  async function removeRemoteCommentsBy(actorIds: readonly string[]): Promise<void> {
    for (const comment of await repository.remoteCommentsBy(db, actorIds)) await deleteComment(comment);
  }

  async function ownComment(userId: string, commentId: string) {
    const comment = await repository.findComment(db, commentId);
    const missing = () => notFound('comment_not_found');
    if (!comment) throw missing();
    if (comment.user_id !== userId) {
      if (comment.hidden_reason !== null || !(await canSeeAuthor(userId, comment.user_id))) throw missing();
      throw forbidden('not_your_comment');
    }
    return comment;
  }

  async function editComment(userId: string, commentId: string, body: string): Promise<Comment> {
    await ownComment(userId, commentId);
    await repository.updateComment(db, commentId, body, now());
    return commentById(commentId, userId);
  }

  async function removeComment(userId: string, commentId: string): Promise<{ ok: true }> {
    await deleteComment(await ownComment(userId, commentId));
    return { ok: true };
  }

  /** A moderator hides a review or comment from everyone but its author (who sees `reason`), or shows it again (null). */
  async function setHidden(kind: 'review' | 'comment', id: string, reason: string | null): Promise<void> {
    if (!(await repository.setHidden(db, kind, id, reason))) {
      throw kind === 'review' ? reviewNotFound() : notFound('comment_not_found');
    }
    if (kind === 'review') {
      const review = await repository.findReview(db, id);
      if (review) catalog.invalidateAlbum(review.album_id);
    }
  }

  /**
   * Landing page quotes: recent well-liked reviews with enough words to quote, of those a visitor may read (the page is
   * the same for everyone, so a closed profile's review is never quoted there, whoever reads it).
   */
  async function testimonials(limit: number): Promise<Testimonial[]> {
    const reviews = await present(
      await repository.testimonialIds(db, limit, audience(undefined).shown, catalog.whereAlbumConfirmed),
      undefined,
    );
    return reviews.map((review) => ({
      reviewId: review.id,
      excerpt: excerptOf(review.excerpt, 200),
      rating: review.rating,
      authorName: review.author.name,
      authorUsername: review.author.username,
      albumTitle: review.album.title,
      albumSlug: review.album.slug,
    }));
  }

  /** Account deletion: take the person out of every counter their reviews, likes and comments are in. */
  async function forgetPerson(userId: string): Promise<void> {
    const { reviews, likes, commented } = await repository.footprint(db, userId);
    await db.transaction().execute(async (trx) => {
      for (const review of reviews) await catalog.shiftAlbumCounters(trx, review.album_id, { review_count: -1 });
      for (const reviewId of likes) await repository.shiftReviewCounter(trx, reviewId, 'like_count', -1);
      for (const row of commented) await repository.shiftReviewCounter(trx, row.review_id, 'comment_count', -Number(row.n));
      await repository.deleteCommentsBy(trx, userId);
    });
    for (const review of reviews) catalog.invalidateAlbum(review.album_id);
  }

  async function mine(userId: string, albumRef: string): Promise<{ review: Review | null; draft: ReviewDraft | null }> {
    const albumId = await catalog.resolveAlbumId(albumRef);
    const [review, draft] = await Promise.all([
      repository.findByAuthorAndAlbum(db, userId, albumId),
      repository.findDraft(db, userId, albumId),
    ]);
    return {
      review: review ? await one(review.id, userId) : null,
      draft: draft ? { title: draft.title, contentHtml: draft.content_html, updatedAt: draft.updated_at } : null,
    };
  }

  /**
   * Keeps a text as the member's draft of their review of the album (an import's text too short to publish, or
   * without a rating): no minimum length, sanitised like any review. `at`: when it was written elsewhere.
   */
  async function keepDraft(userId: string, albumId: string, input: { title: string; content: string }, options: { at?: string } = {}) {
    const html = sanitizeReviewHtml(input.content);
    const text = reviewText(html);
    if (!text.trim()) return false;
    const stamp = options.at ?? now();
    await repository.upsertDraft(db, {
      user_id: userId,
      album_id: albumId,
      title: input.title.trim().slice(0, REVIEW_TITLE_MAX),
      content_html: html,
      content_text: text,
      created_at: stamp,
      updated_at: stamp,
    });
    return true;
  }

  /** Saves the member's draft of their review of the album from the review form; an empty text is refused. */
  async function saveDraft(userId: string, albumRef: string, input: { title: string; content: string }): Promise<ReviewDraft> {
    const albumId = await catalog.resolveAlbumId(albumRef);
    if (!(await keepDraft(userId, albumId, input))) throw badRequest('review_draft_empty');
    const draft = (await repository.findDraft(db, userId, albumId))!;
    return { title: draft.title, contentHtml: draft.content_html, updatedAt: draft.updated_at };
  }

  async function discardDraft(userId: string, albumRef: string): Promise<{ ok: true }> {
    await repository.deleteDraft(db, userId, await catalog.resolveAlbumId(albumRef));
    return { ok: true };
  }

  /** A person's shown reviews written between two instants, of albums `listed` keeps: how many, and the most liked. */
  const reviewsBetween = (userId: string, between: { from: string; to: string }, listed: (album: string) => Expression<SqlBool>) =>
    asked.reviewsBetween(db, userId, between, listed);

  /** A person's reviews, drafts, comments and likes a page at a time, and how many: Download my data (decision 028). */
  const exported = {
    count: (userId: string) => asked.exportedCount(db, userId),
    reviews: (userId: string, after: string, limit: number) => asked.exportedReviews(db, userId, after, limit),
    drafts: (userId: string, after: string, limit: number) => asked.exportedDrafts(db, userId, after, limit),
    comments: (userId: string, after: string, limit: number) => asked.exportedComments(db, userId, after, limit),
    likes: (userId: string, after: string, limit: number) => asked.exportedLikes(db, userId, after, limit),
  };

  /** Comments by id, each with the review it is on and that review's album. */
  const commentsOn = (commentIds: readonly string[]) => asked.commentsOn(db, commentIds);

  /** The feed's sidebar and starter set: the newest reviews by authors a condition keeps, or by anyone but the viewer; who reviewed most lately. */
  const newest = {
    by: (limit: number, authors: (person: string) => Expression<SqlBool>) => asked.newestReviewIdsBy(db, limit, authors),
    notBy: (viewerId: string, limit: number) => asked.newestReviewIdsNotBy(db, viewerId, limit),
    activeReviewers: (viewerId: string, since: string, limit: number) => asked.activeReviewers(db, viewerId, since, limit),
  };

  return {
    reviewsBetween,
    /** Reviews and drafts follow an album merged into another (decision 080). */
    albumMerge: reviewsAlbumMerge({
      writeReviewCount: (executor, albumId, count) => deps.catalog.writeAlbumCounter(executor, albumId, 'review_count', count),
      shiftReviewsCount: (executor, userId, delta) => deps.profileCounters.shiftCounters(executor, userId, { reviews_count: delta }),
    }),
    commentsOn,
    newest,
    exported,
    mine,
    countRemoteLike,
    keepDraft,
    saveDraft,
    discardDraft,
    sitemapShare,
    publish,
    edit,
    remove,
    one,
    revisions,
    forAlbum: async (albumRef: string, query: { page: number; limit: number; sort: repository.ReviewOrder }, viewerId?: string) =>
      page({ albumId: await catalog.resolveAlbumId(albumRef) }, query, viewerId),
    byPerson: (userId: string, query: { page: number; limit: number }, viewerId?: string) => page({ userId }, query, viewerId),
    likedBy: (userId: string, query: { page: number; limit: number }) => page({ likedBy: userId }, query, userId),
    setLike,
    comments,
    addComment,
    receiveRemoteComment,
    editRemoteComment,
    removeRemoteComment,
    removeRemoteCommentsBy,
    editComment,
    removeComment,
    testimonials,
    setHidden,
    removeAsModerator,
    forgetPerson,
  };
}
