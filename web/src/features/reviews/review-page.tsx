import type { Comment, Review } from '@hearsay/contracts/reviews';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import { ReportDialog } from '../../shared/ui/report-dialog.tsx';

import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { ConfirmDialog } from '../../shared/ui/dialog.tsx';
import { Textarea } from '../../shared/ui/input.tsx';
import { PageLoadError } from '../../shared/ui/not-found.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { RichText } from '../../shared/ui/rich-text.tsx';
import { ShareButton } from '../../shared/ui/share-button.tsx';
import { PageLoading } from '../../shared/ui/skeleton.tsx';
import {
  commentsQueryOptions,
  reviewQueryOptions,
  revisionsQueryOptions,
  useAddComment,
  useDeleteComment,
  useDeleteReview,
  useEditComment,
} from './api.ts';
import { ReviewCard } from './review-card.tsx';
import { ReviewDialog } from './review-dialog.tsx';
import { formatRating } from '../../shared/i18n/index.ts';
import { ensure, queryLoader } from '../../shared/lib/route-data.ts';
import { COMMENT_MAX } from '@hearsay/contracts/constants';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { HydratesApart } from '../../shared/lib/hydrates-apart.tsx';

/** /review/{id}: one review in full, shareable (the server adds link-preview tags), with its history and comments. */
export function ReviewPage() {
  const { t } = useTranslation('reviews');
  const { reviewId = '' } = useParams();
  const review = useQuery(reviewQueryOptions(reviewId));
  if (review.isPending) return <PageLoading />;
  if (review.isError) return <PageLoadError query={review} title={t('page.notFound')} description={t('page.notFoundHint')} />;
  return <ReviewView review={review.data} />;
}

function ReviewView({ review }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const remove = useDeleteReview();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <Container className="max-w-3xl py-8 sm:py-12">
      <title>{`${review.title || t('card.untitled', { name: review.author.name })} · ${review.album.title} · Hearsay`}</title>
      <Link to={paths.album(review.album.slug)} className="mb-6 flex items-center gap-4 rounded-2xl p-2 hover:bg-surface-2">
        <AlbumCover src={review.album.coverUrl} alt="" className="size-20 shrink-0 rounded-lg" />
        <div className="min-w-0">
          <p className="text-sm text-ink-muted">{t('page.reviewOf')}</p>
          <h1 className="truncate font-display text-2xl font-semibold text-ink">{review.album.title}</h1>
          <p className="truncate text-ink-muted">{review.album.artistCredit}</p>
        </div>
      </Link>
      <ReviewCard review={review} full />
      <div className="mt-4 flex flex-wrap gap-2">
        <ShareButton title={t('page.shareTitle', { name: review.author.name, album: review.album.title })} label={t('page.share')} />
        {review.isOwner ? (
          <>
            <Button variant="outline" onClick={() => setEditing(true)}>
              {t('page.edit')}
            </Button>
            <Button variant="ghost" className="text-danger" onClick={() => setConfirming(true)}>
              {t('page.delete')}
            </Button>
          </>
        ) : null}
      </div>
      {review.editedAt ? <History reviewId={review.id} /> : null}
      {/* The conversation under the review is taken over apart from the review itself (decision 089). */}
      <HydratesApart>
        <Comments reviewId={review.id} />
      </HydratesApart>
      <ReviewDialog album={review.album} existing={review} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('page.deleteTitle')}
        description={t('page.deleteDescription')}
        cancelLabel={t('form.cancel')}
        confirmLabel={t('page.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(review.id, {
            onSuccess: () => {
              toast.success(t('page.deleted'));
              void navigate(paths.album(review.album.slug), { replace: true });
            },
            onError: (cause) => toast.error(errorText(cause, t('failed'))),
          })
        }
      />
    </Container>
  );
}

function History({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation('reviews');
  const formatDate = useFormatDate();
  const [open, setOpen] = useState(false);
  const revisions = useQuery({ ...revisionsQueryOptions(reviewId), enabled: open });
  return (
    <details className="mt-6 rounded-2xl border border-line p-4" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-medium text-ink">{t('page.history')}</summary>
      {revisions.data ? (
        <ol className="mt-4 flex flex-col gap-4">
          {revisions.data.revisions.map((revision) => (
            <li key={revision.writtenAt} className="border-l-2 border-line pl-4">
              <p className="text-sm text-ink-muted">
                {t('page.version', {
                  date: formatDate(revision.writtenAt, 'dateTime'),
                  rating: formatRating(revision.rating),
                })}
              </p>
              {revision.title ? <p className="font-semibold text-ink">{revision.title}</p> : null}
              <RichText html={revision.contentHtml} className="mt-1 text-sm" />
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}

/** The page of comments a review page opens on (part of the route's data). */
const FIRST_COMMENTS_PAGE = 1;

function Comments({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation('reviews');
  const session = useSession();
  const location = useLocation();
  const [page, setPage] = useState(FIRST_COMMENTS_PAGE);
  const comments = useQuery(commentsQueryOptions(reviewId, page));
  const { add, body, setBody, error, submit } = useCommentForm(reviewId);

  return (
    <section id="comments" aria-labelledby="comments-title" className="mt-10">
      <h2 id="comments-title" className="font-display text-xl font-semibold text-ink">
        {t('comments.title')}
        {comments.data ? <span className="ml-2 text-base font-normal text-ink-muted">({comments.data.total})</span> : null}
      </h2>
      {session.status === 'signed-in' ? (
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-2">
          {error ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
          <Textarea
            aria-label={t('comments.add')}
            placeholder={t('comments.placeholder')}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            maxLength={COMMENT_MAX}
            rows={3}
          />
          <Button type="submit" size="sm" className="self-end" disabled={add.isPending}>
            {t('comments.post')}
          </Button>
        </form>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">
          <Link to={paths.login(location.pathname)} className="font-medium text-accent underline underline-offset-4">
            {t('comments.signIn')}
          </Link>
        </p>
      )}
      {comments.data?.items.length ? (
        <ul className="mt-6 flex flex-col gap-4">
          {threadsOf(comments.data.items).map((thread) => (
            <CommentThread key={thread.id} thread={thread} reviewId={reviewId} />
          ))}
        </ul>
      ) : comments.data ? (
        <p className="mt-6 text-sm text-ink-muted">{t('comments.none')}</p>
      ) : null}
      {comments.data ? <Pagination page={page} pages={comments.data.totalPages} onPageChange={setPage} /> : null}
    </section>
  );
}

/** A comment and the replies under it; `first` is missing when that comment is not shown (hidden, or on another page). */
interface Thread {
  id: string;
  first: Comment | null;
  replies: Comment[];
}

/** A page of comments (threads in order, each first comment followed by its replies) gathered into threads. */
function threadsOf(comments: readonly Comment[]): Thread[] {
  const threads = new Map<string, Thread>();
  for (const comment of comments) {
    const id = comment.parentId ?? comment.id;
    const thread = threads.get(id) ?? { id, first: null, replies: [] };
    if (comment.parentId) thread.replies.push(comment);
    else thread.first = comment;
    threads.set(id, thread);
  }
  return [...threads.values()];
}

function CommentThread({ thread, reviewId }: { thread: Thread; reviewId: string }) {
  const { t } = useTranslation('reviews');
  const replies = thread.replies.length ? (
    <ul
      aria-label={t('comments.repliesLabel', { count: thread.replies.length })}
      className="mt-4 flex flex-col gap-4 border-l border-line pl-4"
    >
      {thread.replies.map((reply) => (
        <CommentItem key={reply.id} comment={reply} reviewId={reviewId} />
      ))}
    </ul>
  ) : null;
  if (thread.first) return <CommentItem comment={thread.first} reviewId={reviewId} replies={replies} />;
  return (
    <li>
      <p className="text-sm italic text-ink-muted">{t('comments.notShown')}</p>
      {replies}
    </li>
  );
}

/**
 * A comment's text as typed and its submission: an empty one is refused here, the server's refusals are shown, and a
 * posted one clears the field.
 */
function useCommentForm(reviewId: string, replyTo?: string, onPosted?: () => void) {
  const { t } = useTranslation('reviews');
  const errorText = useErrorText();
  const add = useAddComment();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setError(t('comments.empty'));
    setError(null);
    add.mutate(
      { reviewId, body, ...(replyTo ? { replyTo } : {}) },
      {
        onSuccess: () => {
          setBody('');
          onPosted?.();
        },
        onError: (cause) => setError(errorText(cause, t('failed'))),
      },
    );
  };
  return { add, body, setBody, error, submit };
}

/** Answering a comment: a form under it; the reply joins that comment's thread. */
function ReplyForm({ comment, reviewId, onDone }: { comment: Comment; reviewId: string; onDone: () => void }) {
  const { t } = useTranslation('reviews');
  const { add, body, setBody, error, submit } = useCommentForm(reviewId, comment.id, onDone);
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-2">
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <Textarea
        aria-label={t('comments.replyLabel', { name: comment.author.name })}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={COMMENT_MAX}
        rows={2}
        autoFocus
      />
      <div className="flex gap-2 self-end">
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={add.isPending}>
          {t('comments.postReply')}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({ comment, reviewId, replies }: { comment: Comment; reviewId: string; replies?: ReactNode }) {
  const { t } = useTranslation('reviews');
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const edit = useEditComment();
  const remove = useDeleteComment();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [draft, setDraft] = useState(comment.body);
  const [reporting, setReporting] = useState(false);
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  const fail = (cause: Error) => toast.error(errorText(cause, t('failed')));
  return (
    <li className="flex gap-3">
      <Avatar name={comment.author.name} src={comment.author.avatarUrl} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="text-sm [overflow-wrap:anywhere]">
          {comment.remote ? (
            <RemoteCommentAuthor comment={comment} remote={comment.remote} />
          ) : (
            <Link to={paths.profile(comment.author.username)} className="font-medium text-ink hover:text-accent">
              {comment.author.name}
            </Link>
          )}{' '}
          <span className="text-ink-muted">
            {formatDate(comment.createdAt, 'dateTime')}
            {comment.editedAt ? ` · ${t('card.edited')}` : ''}
          </span>
        </p>
        {editing ? (
          <div className="mt-1 flex flex-col gap-2">
            <Textarea
              aria-label={t('comments.editLabel')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              maxLength={COMMENT_MAX}
            />
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={edit.isPending}
                onClick={() => edit.mutate({ commentId: comment.id, body: draft }, { onSuccess: () => setEditing(false), onError: fail })}
              >
                {t('comments.save')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
                {t('form.cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <p className="mt-0.5 whitespace-pre-wrap break-words text-ink">
            <WithMentions text={comment.body} mentions={comment.mentions} />
          </p>
        )}
        {comment.hiddenReason ? (
          <p role="status" className="mt-1 rounded-xl bg-danger-soft px-3 py-2 text-sm text-ink">
            {t('comments.hidden', { reason: comment.hiddenReason })}
          </p>
        ) : null}
        {!editing && !comment.hiddenReason ? (
          <div className="mt-1 text-sm">
            <button
              type="button"
              className="text-ink-muted hover:text-ink"
              aria-label={t('comments.replyTo', { name: comment.author.name })}
              onClick={() => (session.status === 'signed-in' ? setReplying(true) : sendToSignIn())}
            >
              {t('comments.reply')}
            </button>
          </div>
        ) : null}
        {replying ? <ReplyForm comment={comment} reviewId={reviewId} onDone={() => setReplying(false)} /> : null}
        {comment.isOwner && !editing ? (
          <div className="mt-1 flex gap-3 text-sm">
            <button
              type="button"
              className="text-ink-muted hover:text-ink"
              aria-label={t('comments.editLabel')}
              onClick={() => setEditing(true)}
            >
              {t('comments.edit')}
            </button>
            <button
              type="button"
              className="text-ink-muted hover:text-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(comment.id, { onError: fail })}
            >
              {t('comments.delete')}
            </button>
          </div>
        ) : null}
        {!comment.isOwner && session.status === 'signed-in' ? (
          <div className="mt-1 text-sm">
            <button type="button" className="text-ink-muted hover:text-ink" onClick={() => setReporting(true)}>
              {t('comments.report')}
            </button>
            <ReportDialog subject={{ type: 'comment', id: comment.id }} open={reporting} onOpenChange={setReporting} />
          </div>
        ) : null}
        {replies}
      </div>
    </li>
  );
}

/**
 * The author of a reply from another site: their name linking to their page there, their handle and site, and the
 * reply as it stands there. Those pages are the other site's (`ugc`, `nofollow`).
 */
function RemoteCommentAuthor({ comment, remote }: { comment: Comment; remote: NonNullable<Comment['remote']> }) {
  const { t } = useTranslation('reviews');
  const host = comment.author.username.split('@').pop() ?? '';
  return (
    <>
      <a href={remote.personUrl} target="_blank" rel="noopener nofollow ugc" className="font-medium text-ink hover:text-accent">
        {comment.author.name}
      </a>{' '}
      <span className="text-ink-muted">
        @{comment.author.username} · {t('comments.fromHost', { host })} ·{' '}
        <a href={remote.url} target="_blank" rel="noopener nofollow ugc" className="text-accent hover:underline">
          {t('comments.viewOn', { host })}
        </a>
      </span>
    </>
  );
}

/** Plain text with @username turned into profile links, only for people who exist (the server lists them). */
function WithMentions({ text, mentions }: { text: string; mentions: string[] }) {
  const known = new Set(mentions);
  const parts = text.split(/(@[a-z0-9_]{2,40})/gi);
  return (
    <>
      {parts.map((part, index) => {
        const name = part.startsWith('@') ? part.slice(1).toLowerCase() : null;
        const previous = parts[index - 1] ?? '';
        const standalone = !/[\w@]$/.test(previous);
        return name && known.has(name) && standalone ? (
          <Link key={index} to={paths.profile(name)} className="font-medium text-accent hover:underline">
            {part}
          </Link>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        );
      })}
    </>
  );
}

/** The route's data: the review, and the first page of its comments. */
export const loader = queryLoader(({ client, params: { reviewId = '' } }) =>
  Promise.all([ensure(client, reviewQueryOptions(reviewId)), ensure(client, commentsQueryOptions(reviewId, FIRST_COMMENTS_PAGE))]),
);
