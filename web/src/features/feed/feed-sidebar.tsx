import type { FeedPerson, SidebarReview } from '@hearsay/contracts/feed';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { FollowButton } from '../../shared/ui/follow-button.tsx';
import { ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { feedSidebarQueryOptions } from './api.ts';
import { FeedReviewBody } from './feed-item.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `sidebar-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-4">
      <h2 id={id} className="font-display text-base font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A person with a line about them and a Follow button. */
function PersonRow({ person, detail }: { person: FeedPerson; detail: string }) {
  return (
    <li className="flex items-center gap-3">
      <Avatar name={person.name} src={person.avatarUrl} size="sm" />
      <span className="min-w-0 flex-1">
        <Link to={paths.profile(person.username)} className="block truncate font-medium text-ink hover:text-accent">
          {person.name}
        </Link>
        <span className="block text-xs text-ink-muted">{detail}</span>
      </span>
      <FollowButton person={{ username: person.username, name: person.name, isFollowing: false }} />
    </li>
  );
}

function Reviews({ reviews }: { reviews: SidebarReview[] }) {
  return (
    <ul className="space-y-4">
      {reviews.map((entry) => (
        <li key={entry.review.id} className="flex gap-3">
          <Avatar name={entry.author.name} src={entry.author.avatarUrl} size="sm" />
          <FeedReviewBody review={entry.review} album={entry.album} author={entry.author} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Beside the feed: what the people you follow rated most this week, their new reviews, people to follow with the
 * reason, and for someone who follows nobody, a starter set of reviewers and the site's recent reviews.
 */
export function FeedSidebar() {
  const { t } = useTranslation('feed');
  const sidebar = useQuery(feedSidebarQueryOptions);
  if (sidebar.isError) return <ErrorState onRetry={() => void sidebar.refetch()} />;
  if (!sidebar.data) {
    return (
      <div className="space-y-4" aria-hidden>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  }
  const { popular, reviews, suggestions, starter } = sidebar.data;
  return (
    <div className="space-y-4">
      {/* Only what has something in it: a young site shows no boxes saying nothing is here. */}
      {starter?.reviewers.length ? (
        <Section title={t('sidebar.starterReviewers')}>
          <ul className="space-y-3">
            {starter.reviewers.map((entry) => (
              <PersonRow
                key={entry.person.id}
                person={entry.person}
                detail={
                  entry.ratedOfChoices > 0
                    ? t('sidebar.ratedOfChoices', { count: entry.ratedOfChoices })
                    : t('sidebar.reviewCount', { count: entry.reviewCount })
                }
              />
            ))}
          </ul>
        </Section>
      ) : null}
      {starter?.reviews.length ? (
        <Section title={t('sidebar.starterReviews')}>
          <Reviews reviews={starter.reviews} />
        </Section>
      ) : null}
      {popular.length ? (
        <Section title={t('sidebar.popular')}>
          <ul className="space-y-3">
            {popular.map((entry) => (
              <li key={entry.album.id}>
                <Link to={paths.album(entry.album.slug)} className="group flex items-center gap-3">
                  <AlbumCover src={entry.album.coverUrl} alt="" className="w-12 shrink-0" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-ink group-hover:text-accent">{entry.album.title}</span>
                    <span className="block truncate text-xs text-ink-muted">{entry.album.artistCredit}</span>
                    <span className="block text-xs text-ink-muted">{t('sidebar.raters', { count: entry.raters })}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {reviews.length ? (
        <Section title={t('sidebar.reviews')}>
          <Reviews reviews={reviews} />
        </Section>
      ) : null}
      {suggestions.length ? (
        <Section title={t('sidebar.suggestions')}>
          <ul className="space-y-3">
            {suggestions.map((entry) => (
              <PersonRow
                key={entry.person.id}
                person={entry.person}
                detail={t('sidebar.reason', { count: entry.reason.count, threshold: entry.reason.threshold })}
              />
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
