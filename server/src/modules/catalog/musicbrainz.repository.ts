import type { Updateable } from 'kysely';
import type { AlbumTable, EnrichmentOutcome } from '../../db/schema.ts';
import type { DB } from '../../platform/db/index.ts';
import { newId } from '../../platform/ids.ts';

/** What the catalog keeps of MusicBrainz: enrichment outcomes, artists' details and discographies, albums' new data. */

export async function albumForEnrichment(db: DB, albumId: string) {
  return db
    .selectFrom('album')
    .select([
      'id',
      'title',
      'artist_credit',
      'release_date',
      'release_year',
      'release_type',
      'label',
      'catalogue_number',
      'mbid',
      'discogs_master_id',
      'status',
      'cover_status',
    ])
    .where('id', '=', albumId)
    .executeTakeFirst();
}
export type EnrichableAlbum = NonNullable<Awaited<ReturnType<typeof albumForEnrichment>>>;

export async function albumIdByMbid(db: DB, mbid: string): Promise<string | undefined> {
  return (await db.selectFrom('album').select('id').where('mbid', '=', mbid).executeTakeFirst())?.id;
}

/** The catalog's albums for these release groups that the viewer may see (confirmed, or added by their own import). */
export async function visibleAlbumsByMbid(db: DB, mbids: readonly string[], viewerId: string | undefined) {
  if (mbids.length === 0) return new Map<string, { id: string; slug: string }>();
  const rows = await db
    .selectFrom('album')
    .select(['id', 'slug', 'mbid'])
    .where('mbid', 'in', [...new Set(mbids)])
    .where((eb) =>
      viewerId === undefined ? eb('status', '=', 'confirmed') : eb.or([eb('status', '=', 'confirmed'), eb('created_by', '=', viewerId)]),
    )
    .execute();
  return new Map(rows.flatMap((row) => (row.mbid ? [[row.mbid, { id: row.id, slug: row.slug }] as const] : [])));
}

export async function countTracks(db: DB, albumId: string): Promise<number> {
  const row = await db
    .selectFrom('track')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('album_id', '=', albumId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function albumCredits(db: DB, albumId: string) {
  return db
    .selectFrom('album_artist')
    .innerJoin('artist', 'artist.id', 'album_artist.artist_id')
    .select(['album_artist.artist_id', 'album_artist.position', 'artist.name', 'artist.mbid', 'artist.status'])
    .where('album_artist.album_id', '=', albumId)
    .orderBy('album_artist.position')
    .execute();
}

/**
 * The catalog artist MusicBrainz's artist is: by its id, else by its names in the order given (the credited name
 * first), among artists without an id, by name and then by alias; confirmed artists before pending ones.
 */
export async function findArtistFor(db: DB, mbid: string, keys: readonly string[]) {
  const byMbid = await db.selectFrom('artist').select(['id', 'mbid']).where('mbid', '=', mbid).executeTakeFirst();
  if (byMbid || keys.length === 0) return byMbid;
  const [byName, byAlias] = await Promise.all([
    db
      .selectFrom('artist')
      .select(['id', 'mbid', 'status', 'match_key'])
      .where('match_key', 'in', [...keys])
      .where('mbid', 'is', null)
      .execute(),
    db
      .selectFrom('artist_alias')
      .innerJoin('artist', 'artist.id', 'artist_alias.artist_id')
      .select(['artist.id', 'artist.mbid', 'artist.status', 'artist_alias.match_key'])
      .where('artist_alias.match_key', 'in', [...keys])
      .where('artist.mbid', 'is', null)
      .execute(),
  ]);
  const rank = (row: { status: string; match_key: string }) => keys.indexOf(row.match_key) * 2 + (row.status === 'confirmed' ? 0 : 1);
  const best = (rows: typeof byName) => [...rows].sort((a, b) => rank(a) - rank(b))[0];
  const found = best(byName) ?? best(byAlias);
  return found ? { id: found.id, mbid: found.mbid } : undefined;
}

export async function countAlbumsOfArtist(db: DB, artistId: string): Promise<number> {
  const row = await db
    .selectFrom('album_artist')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('artist_id', '=', artistId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordEnrichment(
  db: DB,
  albumId: string,
  outcome: EnrichmentOutcome,
  now: string,
  details: { candidates?: unknown[]; detail?: string | null } = {},
): Promise<void> {
  const values = {
    outcome,
    candidates: JSON.stringify(details.candidates ?? []),
    detail: details.detail ?? null,
    checked_at: now,
  };
  await db
    .insertInto('album_enrichment')
    .values({ album_id: albumId, ...values })
    .onConflict((oc) => oc.column('album_id').doUpdateSet(values))
    .execute();
  await db.updateTable('album').set({ musicbrainz_checked_at: now }).where('id', '=', albumId).execute();
}

/** Albums the enrichment job has still to look at, after the cursor, in id order. */
export async function albumsToEnrich(db: DB, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('album')
    .select('id')
    .where('musicbrainz_checked_at', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

export async function enrichmentCounts(db: DB) {
  const [albums, outcomes] = await Promise.all([
    db
      .selectFrom('album')
      .select((eb) => [
        eb.fn.countAll<number>().as('albums'),
        eb.fn.count<number>('mbid').as('withMbid'),
        eb.fn.sum<number>(eb.case().when('musicbrainz_checked_at', 'is', null).then(1).else(0).end()).as('remaining'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('album_enrichment')
      .select((eb) => ['outcome', eb.fn.countAll<number>().as('n')])
      .groupBy('outcome')
      .execute(),
  ]);
  const byOutcome = new Map(outcomes.map((row) => [row.outcome, Number(row.n)]));
  return {
    albums: Number(albums.albums),
    withMusicBrainz: Number(albums.withMbid),
    remaining: Number(albums.remaining ?? 0),
    ambiguous: byOutcome.get('ambiguous') ?? 0,
    notFound: byOutcome.get('not_found') ?? 0,
  };
}

/** The artist's MusicBrainz details and discography, replacing what was kept before. */
export async function saveArtistDetails(
  db: DB,
  artistId: string,
  details: {
    artist_type: string | null;
    area: string | null;
    country: string | null;
    begin_date: string | null;
    end_date: string | null;
    disambiguation: string | null;
    members: string;
    links: string;
    musicbrainz_checked_at: string;
  },
  releaseGroups: readonly {
    mbid: string;
    title: string;
    primary_type: string | null;
    secondary_types: string;
    first_release_date: string | null;
  }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('artist').set(details).where('id', '=', artistId).execute();
    await trx.deleteFrom('artist_release_group').where('artist_id', '=', artistId).execute();
    for (let start = 0; start < releaseGroups.length; start += 200) {
      const batch = releaseGroups.slice(start, start + 200).map((group) => ({ artist_id: artistId, ...group }));
      if (batch.length) await trx.insertInto('artist_release_group').values(batch).execute();
    }
  });
}

export async function artistForRefresh(db: DB, artistId: string) {
  return db.selectFrom('artist').select(['id', 'mbid', 'musicbrainz_checked_at']).where('id', '=', artistId).executeTakeFirst();
}

export async function updateAlbum(db: DB, albumId: string, changes: Updateable<AlbumTable>): Promise<void> {
  await db.updateTable('album').set(changes).where('id', '=', albumId).execute();
}

export async function insertTracks(
  db: DB,
  albumId: string,
  tracks: readonly { disc: number; position: number; title: string; durationMs: number | null }[],
): Promise<void> {
  if (tracks.length === 0) return;
  await db
    .insertInto('track')
    .values(
      tracks.map((track) => ({
        id: newId(),
        album_id: albumId,
        disc: track.disc,
        position: track.position,
        title: track.title,
        duration_ms: track.durationMs,
      })),
    )
    .execute();
}

/** Credits the album's artist at `position` to another artist, as MusicBrainz credits it. */
export async function moveCredit(db: DB, albumId: string, position: number, artistId: string, creditedName: string): Promise<void> {
  await db
    .updateTable('album_artist')
    .set({ artist_id: artistId, credited_name: creditedName })
    .where('album_id', '=', albumId)
    .where('position', '=', position)
    .execute();
}

export async function addArtistAlias(db: DB, artistId: string, name: string, key: string): Promise<void> {
  await db
    .insertInto('artist_alias')
    .values({ artist_id: artistId, name, match_key: key })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function setArtistMbid(db: DB, artistId: string, mbid: string, now: string): Promise<void> {
  await db.updateTable('artist').set({ mbid, updated_at: now }).where('id', '=', artistId).execute();
}

/** Removes an artist an import created that no album credits any more. */
export async function deleteArtist(db: DB, artistId: string): Promise<void> {
  await db.deleteFrom('artist_alias').where('artist_id', '=', artistId).execute();
  await db.deleteFrom('artist').where('id', '=', artistId).execute();
}

/** Albums the enrichment job left for a person, with their candidates (for `npm run catalog:enrich -- --list-ambiguous`). */
export async function ambiguousAlbums(db: DB) {
  return db
    .selectFrom('album_enrichment')
    .innerJoin('album', 'album.id', 'album_enrichment.album_id')
    .select([
      'album.slug',
      'album.artist_credit',
      'album.title',
      'album.release_year',
      'album_enrichment.candidates',
      'album_enrichment.detail',
    ])
    .where('album_enrichment.outcome', '=', 'ambiguous')
    .orderBy('album.artist_credit')
    .execute();
}
