import { COMPATIBILITY_LIST_LIMIT, type Compatibility, type SharedRating } from '@hearsay/contracts/profiles';
import type { Hydrator } from '../../hydration/hydrator.ts';
import { presentAlbumCard } from '../../hydration/albums.presenter.ts';
import type { RatingsService } from '../ratings/ratings.service.ts';
import { COMPATIBILITY_MIN_IN_COMMON } from '@hearsay/contracts/constants';

/** Ratings at most this far apart count as agreeing; at least `DISAGREE_GAP` apart, as disagreeing. */
const AGREE_GAP = 1;
const DISAGREE_GAP = 2;
/** Points lost per point of average difference: five points apart on average is no common taste at all. */
const POINTS_PER_STEP = 20;

/**
 * The score: 100 − 20 × the mean absolute difference between the two ratings of each album both rated (ratings run
 * 1–10 in half steps), never below 0. Identical ratings make 100; one point apart on average, 80.
 */
function compatibilityScore(inCommon: number, differenceSum: number): number {
  return Math.max(0, Math.round(100 - (POINTS_PER_STEP * differenceSum) / inCommon));
}

interface Shared {
  albumId: string;
  mine: number;
  theirs: number;
  gap: number;
}

/** Taste compatibility of the viewer with another person (the contract's `Compatibility`). */
export async function compatibilityOf(
  ratings: Pick<RatingsService, 'sharedRatings'>,
  hydrator: Pick<Hydrator, 'withAlbums'>,
  viewerId: string,
  otherId: string,
): Promise<Compatibility> {
  const shared: Shared[] = (await ratings.sharedRatings(viewerId, otherId)).map((row) => {
    const [mine, theirs] = [Number(row.mine), Number(row.theirs)];
    return { albumId: row.album_id, mine, theirs, gap: Math.abs(mine - theirs) };
  });
  const inCommon = shared.length;
  if (inCommon < COMPATIBILITY_MIN_IN_COMMON) return { enough: false, inCommon };
  const differenceSum = shared.reduce((sum, row) => sum + row.gap, 0);
  const byAlbum = (a: Shared, b: Shared) => (a.albumId < b.albumId ? -1 : a.albumId > b.albumId ? 1 : 0);
  // Closest first; of two equally close, the album both rate higher.
  const agree = shared
    .filter((row) => row.gap <= AGREE_GAP)
    .sort((a, b) => a.gap - b.gap || b.mine + b.theirs - (a.mine + a.theirs) || byAlbum(a, b))
    .slice(0, COMPATIBILITY_LIST_LIMIT);
  const disagree = shared
    .filter((row) => row.gap >= DISAGREE_GAP)
    .sort((a, b) => b.gap - a.gap || byAlbum(a, b))
    .slice(0, COMPATIBILITY_LIST_LIMIT);
  const present = async (rows: Shared[]) =>
    (await hydrator.withAlbums(rows, (row) => row.albumId, viewerId)).map(({ row, album }): SharedRating => ({
      album: presentAlbumCard(album),
      yourRating: row.mine,
      theirRating: row.theirs,
    }));
  const [agreeCards, disagreeCards] = await Promise.all([present(agree), present(disagree)]);
  return { enough: true, inCommon, score: compatibilityScore(inCommon, differenceSum), agree: agreeCards, disagree: disagreeCards };
}
