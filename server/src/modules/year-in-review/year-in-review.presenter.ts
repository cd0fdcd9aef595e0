import type { AlbumCard } from '@hearsay/contracts/catalog';
import { halfStepDistribution, roundRating } from '@hearsay/contracts/catalog';
import { YEAR_TOP_GROUPS, type YearInReview } from '@hearsay/contracts/year-in-review';
import type { HydratedPerson, Hydrator } from '../../hydration/hydrator.ts';
import { presentPerson } from '../../hydration/people.presenter.ts';
import { excerptOf } from '../../hydration/reviews.presenter.ts';
import type { JournalService } from '../journal/journal.service.ts';
import type { ListeningStatsService } from '../listens/listens.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import type { ReviewsService } from '../reviews/reviews.service.ts';

type Rows<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** The year's rows, each as its owner answers them (the ratings over their albums: the hydration layer). */
export interface YearRows extends Rows<Hydrator['yearOfRatings']>, Rows<RatingsService['ratingsOfPeriod']> {
  listens: Rows<JournalService['listensBetween']> | null;
  reviews: Rows<ReviewsService['reviewsBetween']>;
  follows: Rows<ProfilesService['followsBetween']>;
  /** Listens from players and imports; null when the member keeps their listening to themselves. */
  listening: Rows<ListeningStatsService['between']> | null;
  albums: Map<string, AlbumCard>;
}

const EXCERPT_LENGTH = 200;

export function presentYear(
  person: HydratedPerson,
  year: number,
  years: { firstYear: number; lastYear: number },
  isOwner: boolean,
  rows: YearRows,
): YearInReview {
  const rated = rows.counts.reduce((sum, row) => sum + row.count, 0);
  const sum = rows.counts.reduce((total, row) => total + row.rating * row.count, 0);
  const decades = new Map<number, number>();
  for (const row of rows.releaseYears) {
    const decade = Math.floor(row.year / 10) * 10;
    decades.set(decade, (decades.get(decade) ?? 0) + row.count);
  }
  const withAlbum = <T extends { albumId: string }, R>(items: readonly T[], build: (item: T, album: AlbumCard) => R): R[] =>
    items.flatMap((item) => {
      const album = rows.albums.get(item.albumId);
      return album ? [build(item, album)] : [];
    });
  const { id: _id, ...shown } = presentPerson(person);
  const best = rows.reviews.best;
  const bestAlbum = best ? rows.albums.get(best.album_id) : undefined;
  return {
    person: shown,
    year,
    ...years,
    isOwner,
    rated,
    averageRating: rated ? roundRating(sum / rated) : null,
    distribution: halfStepDistribution(new Map(rows.counts.map((row) => [row.rating, row.count]))),
    topRated: withAlbum(
      rows.topRated.map((row) => ({ albumId: row.album_id, rating: Number(row.rating) })),
      (item, album) => ({ album, rating: item.rating }),
    ),
    topGenres: rows.topGenres,
    topDecades: [...decades]
      .map(([decade, count]) => ({ decade, count }))
      .sort((a, b) => b.count - a.count || b.decade - a.decade)
      .slice(0, YEAR_TOP_GROUPS),
    listens: rows.listens ? rows.listens.total : null,
    mostListened: rows.listens ? withAlbum(rows.listens.top, (item, album) => ({ album, listens: item.listens })) : null,
    listening: rows.listening
      ? {
          ...rows.listening,
          topAlbums: withAlbum(rows.listening.topAlbums, (item, album) => ({ album, listens: item.listens })),
        }
      : null,
    reviewsWritten: rows.reviews.count,
    topReview:
      best && bestAlbum
        ? {
            id: best.id,
            title: best.title,
            excerpt: excerptOf(best.content_text, EXCERPT_LENGTH),
            rating: Number(best.rating),
            likeCount: Number(best.like_count),
            createdAt: new Date(best.created_at).toISOString(),
            album: bestAlbum,
          }
        : null,
    newFollowers: rows.follows.followers,
    newFollowing: rows.follows.following,
  };
}
