import type { FeedItem, FeedPerson, FeedReview } from '@hearsay/contracts/feed';
import type { RemotePost } from '@hearsay/contracts/federation';
import type { AlbumCard } from '@hearsay/contracts/catalog';
import { paths } from '@hearsay/contracts/paths';
import { ExternalLink, Flag, Globe, MessageCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { cn } from '../../shared/lib/cn.ts';
import { formatCalendarDate } from '../../shared/lib/format-date.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { HeartButton } from '../../shared/ui/heart-button.tsx';
import { LikeReviewButton } from '../../shared/ui/like-review-button.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { RemotePostContent } from '../../shared/ui/remote-post-content.tsx';
import { ReportDialog } from '../../shared/ui/report-dialog.tsx';
import { useLikeRemotePost } from './api.ts';

/** What this site's own people did (a person of another site's post is a `remote` item). */
type LocalFeedItem = Exclude<FeedItem, { kind: 'remote' }>;

const personLink = (person: FeedPerson) => (
  <Link to={paths.profile(person.username)} className="font-semibold text-ink hover:text-accent" />
);

/** One thing someone you follow did: who, what (a sentence), when, and what it is about. */
export function FeedItemCard({ item }: { item: FeedItem }) {
  return item.kind === 'remote' ? <RemoteItemCard post={item.post} at={item.at} /> : <LocalItemCard item={item} />;
}

function LocalItemCard({ item }: { item: LocalFeedItem }) {
  const { t } = useTranslation('feed');
  const formatDate = useFormatDate();
  const sentence = (() => {
    const values = { name: item.actor.name };
    const components = { person: personLink(item.actor) };
    switch (item.kind) {
      case 'ratings':
        return <Trans t={t} i18nKey="item.rated" values={{ ...values, count: item.ratings.length }} components={components} />;
      case 'review':
        return <Trans t={t} i18nKey="item.reviewed" values={values} components={components} />;
      case 'collection':
        return (
          <Trans t={t} i18nKey={item.album ? 'item.addedToCollection' : 'item.createdCollection'} values={values} components={components} />
        );
      case 'follow':
        return (
          <Trans
            t={t}
            i18nKey="item.followed"
            values={{ ...values, other: item.person.name }}
            components={{ ...components, other: personLink(item.person) }}
          />
        );
      case 'listen':
        return <Trans t={t} i18nKey="item.listened" values={values} components={components} />;
    }
  })();
  return (
    <article aria-label={`${item.actor.name}: ${describe(item)}`} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <header className="flex items-center gap-3">
        <Avatar name={item.actor.name} src={item.actor.avatarUrl} size="sm" />
        <p className="min-w-0 flex-1 text-sm text-ink-muted">{sentence}</p>
        <time dateTime={item.at} className="shrink-0 text-xs text-ink-muted">
          {formatDate(item.at)}
        </time>
      </header>
      <div className="mt-3">
        <FeedItemBody item={item} />
      </div>
    </article>
  );
}

/** What the item is about, in words, for its accessible name. */
function describe(item: LocalFeedItem): string {
  switch (item.kind) {
    case 'ratings':
      return item.ratings.map((entry) => entry.album.title).join(', ');
    case 'review':
      return item.album.title;
    case 'collection':
      return item.collection.title;
    case 'follow':
      return item.person.name;
    case 'listen':
      return item.album.title;
  }
}

function FeedItemBody({ item }: { item: LocalFeedItem }) {
  const { t, i18n } = useTranslation('feed');
  switch (item.kind) {
    case 'ratings':
      return item.ratings.length === 1 ? (
        <AlbumLine album={item.ratings[0]!.album} rating={item.ratings[0]!.rating} />
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
          {item.ratings.map((entry) => (
            <li key={entry.album.id}>
              <Link to={paths.album(entry.album.slug)} className="group block">
                <AlbumCover src={entry.album.coverUrl} alt="" />
                <span className="mt-1 block truncate text-xs font-medium text-ink group-hover:text-accent">{entry.album.title}</span>
              </Link>
              <RatingStars value={entry.rating} size="xs" />
            </li>
          ))}
        </ul>
      );
    case 'review':
      return (
        <div className="flex gap-4">
          <Link to={paths.album(item.album.slug)} className="w-16 shrink-0 sm:w-20" aria-label={item.album.title}>
            <AlbumCover src={item.album.coverUrl} alt="" />
          </Link>
          <FeedReviewBody review={item.review} album={item.album} author={item.actor} />
        </div>
      );
    case 'collection':
      return (
        <div>
          <Link to={paths.list(item.collection.id)} className="group flex items-center gap-3">
            {/* Only the covers shown overlap: a hidden cover's neighbour must not keep a negative margin over the title. */}
            <span className="flex shrink-0">
              {item.collection.coverUrls.slice(0, 3).map((url, index) => (
                <AlbumCover
                  key={url}
                  src={url}
                  alt=""
                  className={cn('w-14 shrink-0 border-2 border-surface', index > 0 && 'hidden sm:-ml-6 sm:block')}
                />
              ))}
            </span>
            <span className="min-w-0">
              <span className="block font-semibold text-ink group-hover:text-accent">{item.collection.title}</span>
              <span className="text-sm text-ink-muted">{t('item.albumCount', { count: item.collection.albumCount })}</span>
            </span>
          </Link>
          {item.album ? (
            <div className="mt-3">
              <AlbumLine album={item.album} />
            </div>
          ) : null}
        </div>
      );
    case 'follow':
      return (
        <Link to={paths.profile(item.person.username)} className="inline-flex max-w-full items-center gap-2 text-sm hover:text-accent">
          <Avatar name={item.person.name} src={item.person.avatarUrl} size="sm" className="shrink-0" />
          <span className="truncate font-medium text-ink">{item.person.name}</span>
          <span className="truncate text-ink-muted">@{item.person.username}</span>
        </Link>
      );
    case 'listen':
      return (
        <AlbumLine
          album={item.album}
          rating={item.rating}
          note={t('item.listenedOn', { date: formatCalendarDate(item.listenedOn, i18n.language) ?? item.listenedOn })}
        />
      );
  }
}

/** Opens a page of another site in a new tab; what that site says is not vouched for (`ugc`, `nofollow`). */
function OutLink({ href, className, children }: { href: string | null; className?: string; children?: ReactNode }) {
  if (!href) return <span className={className}>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener nofollow ugc" className={className}>
      {children}
    </a>
  );
}

/**
 * A rating or review from a person of another site the member follows: who (linking to their page here), where from,
 * the album (ours when it could be matched), the rating, the review as that site wrote it, and a link to the post there.
 */
function RemoteItemCard({ post, at }: { post: RemotePost; at: string }) {
  const { t } = useTranslation('feed');
  const formatDate = useFormatDate();
  const { person } = post;
  const albumTitle = post.album?.title ?? post.albumTitle;
  // Words with no rating and no title are a post of another kind (a listen, an album put in a list): its words say which.
  const kind: RemotePostKind =
    post.title || (post.contentHtml && post.rating !== null) ? 'review' : post.rating !== null ? 'rating' : 'post';
  const personLink = <Link to={paths.remotePerson(person.id)} className="font-semibold text-ink hover:text-accent" />;
  return (
    <article
      aria-label={t('item.remoteLabel', { name: person.name, host: person.host, album: albumTitle })}
      className="rounded-2xl border border-line bg-surface p-4 sm:p-5"
    >
      <header className="flex items-center gap-3">
        <Link to={paths.remotePerson(person.id)} className="shrink-0">
          {/* Named by hidden text, not aria-label: an avatar's initials shown are not part of the name. */}
          <span className="sr-only">{person.name}</span>
          <Avatar name={person.name} src={person.avatarUrl} size="sm" />
        </Link>
        <div className="min-w-0 flex-1 text-sm text-ink-muted [overflow-wrap:anywhere]">
          <p>
            {kind === 'review' ? (
              <Trans t={t} i18nKey="item.reviewed" values={{ name: person.name }} components={{ person: personLink }} />
            ) : kind === 'rating' ? (
              <Trans t={t} i18nKey="item.rated" values={{ name: person.name, count: 1 }} components={{ person: personLink }} />
            ) : (
              <Trans t={t} i18nKey="item.postedAbout" values={{ name: person.name }} components={{ person: personLink }} />
            )}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 text-xs">
            <span>@{person.handle}</span>
            <span className="inline-flex items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5 text-ink-muted">
              <Globe aria-hidden className="size-3" />
              {t('item.fromHost', { host: person.host })}
            </span>
          </p>
        </div>
        <time dateTime={at} className="shrink-0 text-xs text-ink-muted">
          {formatDate(at)}
        </time>
      </header>
      <div className="mt-3 flex gap-4">
        <RemotePostContent post={post} clamp>
          <footer className="mt-3 flex items-center gap-4 text-sm text-ink-muted">
            <LikeRemotePostButton post={post} kind={kind} />
            <ReportRemotePostButton post={post} />
            {post.url ? (
              <OutLink href={post.url} className="ml-auto inline-flex items-center gap-1.5 font-medium text-accent hover:underline">
                {t('item.viewOn', { host: person.host })}
                <ExternalLink aria-hidden className="size-3.5" />
              </OutLink>
            ) : null}
          </footer>
        </RemotePostContent>
      </div>
    </article>
  );
}

/**
 * Likes a post of another site (its author is told there), as a review of this site is liked: a heart, pressed once
 * liked. Other sites do not tell us how many liked it, so there is no count.
 */
type RemotePostKind = 'review' | 'rating' | 'post';

function LikeRemotePostButton({ post, kind }: { post: RemotePost; kind: RemotePostKind }) {
  const { t } = useTranslation('feed');
  const errorText = useErrorText();
  const like = useLikeRemotePost();
  return (
    <HeartButton
      liked={post.likedByViewer}
      pending={like.isPending}
      label={t(kind === 'review' ? 'item.likeReview' : kind === 'rating' ? 'item.likeRating' : 'item.likePost')}
      onToggle={(liked) =>
        like.mutate({ postId: post.id, liked }, { onError: (cause) => toast.error(errorText(cause, t('item.likeFailed'))) })
      }
    />
  );
}

/** Reports a post of another site to this site's moderators, and if the member asks, to that site's too. */
function ReportRemotePostButton({ post }: { post: RemotePost }) {
  const { t } = useTranslation('feed');
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <button type="button" className="inline-flex items-center gap-1.5 hover:text-ink" onClick={() => setReporting(true)}>
        <Flag aria-hidden className="size-3.5" />
        {t('item.report')}
      </button>
      <ReportDialog
        subject={{ type: 'remote_post', id: post.id }}
        forwardHost={post.person.host}
        open={reporting}
        onOpenChange={setReporting}
      />
    </>
  );
}

/** An album as one line: cover, title, artist, and a rating when there is one. */
function AlbumLine({ album, rating, note }: { album: AlbumCard; rating?: number | null; note?: string }) {
  const { t } = useTranslation('feed');
  return (
    <Link to={paths.album(album.slug)} className="group flex items-center gap-3">
      <AlbumCover src={album.coverUrl} alt="" className="w-14 shrink-0" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-ink group-hover:text-accent">{album.title}</span>
        <span className="block truncate text-sm text-ink-muted">{t('item.byArtist', { artist: album.artistCredit })}</span>
        {note ? <span className="block text-xs text-ink-muted">{note}</span> : null}
      </span>
      {rating !== undefined && rating !== null ? <RatingStars value={rating} size="sm" /> : null}
    </Link>
  );
}

/** A review's title, rating and excerpt, with its like button and comment count (both lead to the review). */
export function FeedReviewBody({ review, album, author }: { review: FeedReview; album: AlbumCard; author: FeedPerson }) {
  const { t } = useTranslation('feed');
  return (
    // A title or name with no break in it (a pasted link, a long word) wraps rather than widening a phone's page.
    <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
      <p className="text-sm text-ink-muted">
        <Link to={paths.album(album.slug)} className="font-medium text-ink hover:text-accent">
          {album.title}
        </Link>{' '}
        · {album.artistCredit}
      </p>
      <h3 className="mt-1 font-display text-base font-semibold text-ink">
        <Link to={paths.review(review.id)} className="hover:text-accent">
          {review.title || t('item.untitledReview', { name: author.name })}
        </Link>
      </h3>
      <RatingStars value={review.rating} size="xs" className="mt-1" />
      <p className="mt-2 line-clamp-4 text-sm text-ink">{review.excerpt}</p>
      <footer className="mt-3 flex items-center gap-4 text-sm text-ink-muted">
        <LikeReviewButton review={review} />
        <Link to={`${paths.review(review.id)}#comments`} className="inline-flex items-center gap-1.5 hover:text-ink">
          <MessageCircle aria-hidden className="size-4" />
          {t('item.comments', { count: review.commentCount })}
        </Link>
        <Link to={paths.review(review.id)} className="ml-auto font-medium text-accent hover:underline">
          {t('item.read')}
        </Link>
      </footer>
    </div>
  );
}
