import {
  moveAlbumRows,
  removedOwners,
  restoreAlbumRows,
  type AlbumMergeParticipant,
  type AlbumMergeStep,
  type AlbumRows,
  type MovedRows,
} from '../../platform/db/album-merge.ts';
import type { DB } from '../../platform/db/index.ts';
import { titleMatchKey } from '../../platform/text.ts';

interface TrackRow {
  id: string;
  disc: number;
  position: number;
  title: string;
}

interface Counters {
  writeRatingTotals(db: DB, albumId: string, values: readonly number[], now: string): Promise<void>;
  shiftRatingsCount(db: DB, userId: string, delta: number): Promise<void>;
  /** An album's tracks (the catalog's), read in the merge's transaction. */
  albumTracks(albumId: string, executor: DB): Promise<TrackRow[]>;
  writeTrackRatingTotals(db: DB, totals: readonly { trackId: string; count: number; sum: number }[]): Promise<void>;
}

const RATING_ROWS: AlbumRows = { table: 'rating', album: 'album_id', key: ['id'], onePer: ['user_id'], newer: 'updated_at' };
const TRACK_RATINGS = 'track_rating';

type TrackRatingRow = { user_id: string; album_id: string; track_id: string; rating: number; created_at: string; updated_at: string };

/**
 * The survivor's track for each of the duplicate's tracks: the one of the same disc and position whose title keys
 * alike (`titleMatchKey`: case, accents, punctuation and bracketed parts such as "(Remastered)" left out), else the
 * first of the same title key; a track with neither has no counterpart.
 */
export function matchTracks(retired: readonly TrackRow[], survivor: readonly TrackRow[]): Map<string, string> {
  const key = (track: TrackRow) => titleMatchKey(track.title);
  const mapping = new Map<string, string>();
  for (const track of retired) {
    const title = key(track);
    if (!title) continue;
    const placed = survivor.find(
      (other) => Number(other.disc) === Number(track.disc) && Number(other.position) === Number(track.position) && key(other) === title,
    );
    const named = placed ?? survivor.find((other) => key(other) === title);
    if (named) mapping.set(track.id, named.id);
  }
  return mapping;
}

/**
 * Moves the duplicate's track ratings to the survivor's matching tracks: one per person and track, the newer stays (on
 * a tie, the survivor's); ratings of tracks without a counterpart stay on the duplicate. `moved` keeps each moved
 * rating's person and its track before and after; `removed` the ratings deleted, in full.
 */
async function moveTrackRatings(step: AlbumMergeStep, counters: Counters): Promise<MovedRows> {
  const result: MovedRows = { table: TRACK_RATINGS, moved: [], removed: [] };
  const retired = (await step.trx
    .selectFrom('track_rating')
    .selectAll()
    .where('album_id', '=', step.retiredId)
    .execute()) as TrackRatingRow[];
  if (!retired.length) return result;
  const mapping = matchTracks(await counters.albumTracks(step.retiredId, step.trx), await counters.albumTracks(step.survivorId, step.trx));
  const held = new Map<string, { row: TrackRatingRow; from?: string }>();
  for (const row of (await step.trx
    .selectFrom('track_rating')
    .selectAll()
    .where('album_id', '=', step.survivorId)
    .execute()) as TrackRatingRow[]) {
    held.set(`${row.user_id} ${row.track_id}`, { row });
  }
  const remove = async (row: TrackRatingRow) => {
    await step.trx
      .deleteFrom('track_rating')
      .where('user_id', '=', row.user_id)
      .where('album_id', '=', row.album_id)
      .where('track_id', '=', row.track_id)
      .execute();
    result.removed.push({ row: { ...row }, children: [] });
  };
  for (const row of retired) {
    const to = mapping.get(row.track_id);
    if (!to) continue;
    const place = `${row.user_id} ${to}`;
    const other = held.get(place);
    if (other && String(row.updated_at) <= String(other.row.updated_at)) {
      await remove(row);
      continue;
    }
    if (other) {
      if (other.from === undefined) await remove(other.row);
      else {
        // Two of the duplicate's tracks met on one of the survivor's: the older one moved goes.
        const index = result.moved.findIndex((moved) => moved.user_id === row.user_id && moved.to === to);
        result.moved.splice(index, 1);
        await remove(other.row);
        result.removed[result.removed.length - 1]!.row = { ...other.row, album_id: step.retiredId, track_id: other.from };
      }
    }
    await step.trx
      .updateTable('track_rating')
      .set({ album_id: step.survivorId, track_id: to })
      .where('user_id', '=', row.user_id)
      .where('album_id', '=', step.retiredId)
      .where('track_id', '=', row.track_id)
      .execute();
    held.set(place, { row: { ...row, album_id: step.survivorId, track_id: to }, from: row.track_id });
    result.moved.push({ user_id: row.user_id, from: row.track_id, to });
  }
  return result;
}

/** Undoes `moveTrackRatings`: each moved rating goes back to its track of the duplicate, the deleted ones return. */
async function restoreTrackRatings(step: AlbumMergeStep, saved: MovedRows): Promise<void> {
  for (const moved of saved.moved) {
    await step.trx
      .updateTable('track_rating')
      .set({ album_id: step.retiredId, track_id: String(moved.from) })
      .where('user_id', '=', String(moved.user_id))
      .where('album_id', '=', step.survivorId)
      .where('track_id', '=', String(moved.to))
      .execute();
  }
  for (const { row } of saved.removed)
    await step.trx
      .insertInto('track_rating')
      .values(row as TrackRatingRow)
      .execute();
}

/** Both albums' tracks' rating count and sum, counted again from their ratings. */
async function recountTracks(step: AlbumMergeStep, counters: Counters) {
  for (const albumId of [step.survivorId, step.retiredId]) {
    const tracks = await counters.albumTracks(albumId, step.trx);
    if (!tracks.length) continue;
    const rows = await step.trx
      .selectFrom('track_rating')
      .select(['track_id', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('rating').as('sum')])
      .where('album_id', '=', albumId)
      .groupBy('track_id')
      .execute();
    const totals = new Map(rows.map((row) => [row.track_id, { count: Number(row.count), sum: Number(row.sum ?? 0) }]));
    await counters.writeTrackRatingTotals(
      step.trx,
      tracks.map((track) => ({ trackId: track.id, ...(totals.get(track.id) ?? { count: 0, sum: 0 }) })),
    );
  }
}

/**
 * Ratings follow a merged album (decision 080): a person who rated both keeps the newer rating; both albums' totals are
 * counted again, and a person who lost one rating has one fewer on their profile (one more again on undo). Track
 * ratings (decision 078) move to the survivor's matching tracks (`matchTracks`), and both albums' tracks are counted
 * again.
 */
export function ratingsAlbumMerge(counters: Counters): AlbumMergeParticipant {
  async function recount(step: AlbumMergeStep, ratings: MovedRows, direction: 'merge' | 'undo') {
    for (const albumId of [step.survivorId, step.retiredId]) {
      const rows = await step.trx.selectFrom('rating').select('rating').where('album_id', '=', albumId).execute();
      await counters.writeRatingTotals(
        step.trx,
        albumId,
        rows.map((row) => Number(row.rating)),
        step.now,
      );
    }
    for (const userId of removedOwners(ratings)) await counters.shiftRatingsCount(step.trx, userId, direction === 'merge' ? -1 : 1);
    await recountTracks(step, counters);
  }
  return {
    name: 'ratings',
    async merge(step) {
      const ratings = await moveAlbumRows(step, RATING_ROWS);
      const tracks = await moveTrackRatings(step, counters);
      await recount(step, ratings, 'merge');
      return [ratings, tracks];
    },
    async undo(step, saved) {
      const moves = saved as MovedRows[];
      const ratings = moves.find((move) => move.table === RATING_ROWS.table) ?? { table: 'rating', moved: [], removed: [] };
      await restoreAlbumRows(step, RATING_ROWS, ratings);
      const tracks = moves.find((move) => move.table === TRACK_RATINGS);
      if (tracks) await restoreTrackRatings(step, tracks);
      await recount(step, ratings, 'undo');
    },
  };
}
