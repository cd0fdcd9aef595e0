import type { ExpressionBuilder } from 'kysely';
import type { AlbumRow, Database, TrackRow } from '../../db/schema.ts';
import type { AlbumGenreRow, AlbumWithCredits, CreditRow } from '../../hydration/hydrator.ts';
import { stepCounts } from '../../db/rating-steps.ts';
import { precompiled } from '../../platform/db/precompiled.ts';
import type { DB } from '../../platform/db/index.ts';
import { jsonArrayOf, jsonRows } from '../../platform/db/json-arrays.ts';
import { inIdRange, type IdRange } from '../../platform/db/id-ranges.ts';

/** Albums by id or slug, with their credits, genres and tracks: what the album page is made from (cards: the hydration layer's). */

export type PageTrack = Pick<TrackRow, 'id' | 'disc' | 'position' | 'title' | 'duration_ms' | 'rating_count' | 'rating_sum'>;

/**
 * An album by id or slug with its credits, genres, tracks and rating distribution, in one statement (the album page):
 * the lists come as JSON arrays, so a page costs one round trip instead of five.
 */
export async function findAlbumPage(
  db: DB,
  ref: string,
): Promise<(AlbumWithCredits<AlbumRow> & { tracks: PageTrack[]; distribution: Map<number, number> }) | undefined> {
  const [row] = await albumPageRow(db, ref);
  if (!row) return undefined;
  const { credits_json, genres_json, track_rows, ...album } = row;
  return {
    album: album as AlbumRow,
    credits: jsonRows<CreditRow>(credits_json),
    genres: jsonRows<AlbumGenreRow>(genres_json),
    tracks: jsonRows<PageTrack>(track_rows),
    distribution: stepCounts(album),
  };
}

/** The album (with its credits and genres, decision 049) and its tracks in one statement; compiled once (every album page runs it). */
const albumPageRow = precompiled((db, ref: string) => {
  return db
    .selectFrom('album')
    .selectAll('album')
    .select((eb) => [
      jsonArrayOf(db)(
        eb
          .selectFrom('track')
          .select([
            'track.id',
            'track.disc',
            'track.position',
            'track.title',
            'track.duration_ms',
            'track.rating_count',
            'track.rating_sum',
          ])
          .whereRef('track.album_id', '=', 'album.id')
          .orderBy('track.disc')
          .orderBy('track.position'),
      ).as('track_rows'),
    ])
    .where('album.id', '=', (eb) => idOfRef(eb, ref));
});

/**
 * The id of the album whose id or slug is `ref`, as a scalar: two index lookups. `id = ref or slug = ref` makes
 * SQLite merge two index results into a row set, several times the cost.
 */
function idOfRef(eb: ExpressionBuilder<Database, 'album'>, ref: string) {
  return eb.fn.coalesce(
    eb.selectFrom('album as by_id').select('by_id.id').where('by_id.id', '=', ref),
    eb.selectFrom('album as by_slug').select('by_slug.id').where('by_slug.slug', '=', ref),
  );
}

/** Every rating, review and list entry of an album starts here: a statement compiled once. */
const albumIdOfRef = precompiled((db, ref: string) =>
  db
    .selectFrom('album')
    .select('id')
    .where('id', '=', (eb) => idOfRef(eb, ref)),
);

export async function findAlbumIdByRef(db: DB, ref: string): Promise<string | undefined> {
  const [row] = await albumIdOfRef(db, ref);
  return row?.id;
}

/** Every album in the catalog, pending ones included. */
export async function countAlbums(db: DB): Promise<number> {
  const row = await db
    .selectFrom('album')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Confirmed albums whose id is in the range: one sitemap's share of the catalog. */
export async function albumSlugsWithIdsBetween(db: DB, range: IdRange) {
  return inIdRange(db.selectFrom('album').select(['slug', 'updated_at']).where('status', '=', 'confirmed'), range).execute();
}

/** A confirmed album by its MusicBrainz release-group id, else by its "artist|title" key: another site's album here. */
export async function findConfirmedAlbum(db: DB, ref: { mbid: string | null; matchKey: string | null }): Promise<string | undefined> {
  if (ref.mbid) {
    const row = await db.selectFrom('album').select('id').where('mbid', '=', ref.mbid).where('status', '=', 'confirmed').executeTakeFirst();
    if (row) return row.id;
  }
  if (!ref.matchKey) return undefined;
  const row = await db
    .selectFrom('album')
    .select('id')
    .where('match_key', '=', ref.matchKey)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  return row?.id;
}
