import type { AlbumExtensionProps } from '../../shared/lib/album-extensions.tsx';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRating } from '../../shared/i18n/index.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { CollectionCard } from '../../shared/ui/collection-card.tsx';
import { albumCircleQueryOptions } from './api.ts';

/**
 * Beside an album (decision 082): the people you follow who rated it, with their ratings, and the lists containing it
 * that you may see, each with a way to all of them. A section with nothing to show is left out.
 */
export function AlbumCircle({ album }: AlbumExtensionProps) {
  const { t } = useTranslation('catalog');
  const circle = useQuery(albumCircleQueryOptions(album.id));
  if (!circle.data) return null;
  const { lists, followedRatings } = circle.data;
  return (
    <>
      {followedRatings.total ? (
        <Card className="p-5">
          <section aria-labelledby="followed-ratings-title">
            <h2 id="followed-ratings-title" className="font-display text-lg font-semibold text-ink">
              {t('circle.followed', { count: followedRatings.total })}
            </h2>
            <ul className="mt-3 flex flex-col gap-2">
              {followedRatings.items.map(({ person, rating }) => (
                <li key={person.id}>
                  <Link to={paths.profile(person.username)} className="flex items-center gap-3 rounded-xl p-1 hover:bg-surface-2">
                    <Avatar name={person.name} src={person.avatarUrl} size="sm" />
                    <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">{person.name}</span>
                    <span
                      className="font-display text-base font-semibold tabular-nums text-ink"
                      aria-label={t('circle.rated', { name: person.name, rating: formatRating(rating) })}
                    >
                      {formatRating(rating)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {followedRatings.total > followedRatings.items.length ? (
              <p className="mt-2 text-sm text-ink-muted">
                {t('circle.followedMore', { count: followedRatings.total - followedRatings.items.length })}
              </p>
            ) : null}
          </section>
        </Card>
      ) : null}
      {lists.total ? (
        <section aria-labelledby="album-lists-title">
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 id="album-lists-title" className="font-display text-lg font-semibold text-ink">
              {t('circle.lists', { count: lists.total })}
            </h2>
            <Link to={`${paths.album(album.slug)}/lists`} className="text-sm font-medium text-accent hover:underline">
              {t('circle.allLists', { count: lists.total })}
            </Link>
          </div>
          <ul className="flex flex-col gap-2">
            {lists.items.map((list) => (
              <li key={list.id} className="min-w-0">
                <CollectionCard collection={list} isPrivate={list.isPrivate} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
