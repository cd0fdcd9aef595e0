import { sql } from 'kysely';
import type { DB } from '../../platform/db/index.ts';

/** The taxonomy, the descriptors, members' votes and what they decide (decision 077). */

export interface GenreRow {
  id: string;
  slug: string;
  name: string;
  mbid: string | null;
}

/** The genres members may vote for: those of the taxonomy (with a MusicBrainz id), by name. */
export async function votableGenres(db: DB): Promise<GenreRow[]> {
  return db.selectFrom('genre').select(['id', 'slug', 'name', 'mbid']).where('mbid', 'is not', null).orderBy('name').execute();
}

export async function genreBySlug(db: DB, slug: string): Promise<GenreRow | undefined> {
  return db.selectFrom('genre').select(['id', 'slug', 'name', 'mbid']).where('slug', '=', slug).executeTakeFirst();
}

export async function genresByIds(db: DB, ids: readonly string[]): Promise<GenreRow[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('genre')
    .select(['id', 'slug', 'name', 'mbid'])
    .where('id', 'in', [...ids])
    .execute();
}

/** A genre's parents and children in the taxonomy, by name. */
export async function relatives(db: DB, genreId: string) {
  const [parents, children] = await Promise.all([
    db
      .selectFrom('genre_parent')
      .innerJoin('genre', 'genre.id', 'genre_parent.parent_id')
      .select(['genre.slug', 'genre.name'])
      .where('genre_parent.genre_id', '=', genreId)
      .orderBy('genre.name')
      .execute(),
    db
      .selectFrom('genre_parent')
      .innerJoin('genre', 'genre.id', 'genre_parent.genre_id')
      .select(['genre.slug', 'genre.name'])
      .where('genre_parent.parent_id', '=', genreId)
      .orderBy('genre.name')
      .execute(),
  ]);
  return { parents, children };
}

/** A genre and every genre below it (children, their children…), walked in the database. */
export async function genreAndDescendants(db: DB, genreId: string): Promise<string[]> {
  const rows = await db
    .withRecursive('below(id)', (qb) =>
      qb
        .selectNoFrom(sql<string>`${genreId}`.as('id'))
        .union(
          qb.selectFrom('genre_parent').innerJoin('below', 'below.id', 'genre_parent.parent_id').select('genre_parent.genre_id as id'),
        ),
    )
    .selectFrom('below')
    .select('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface DescriptorRow {
  id: string;
  slug: string;
  category: string;
  names_json: string;
}

export async function descriptors(db: DB): Promise<DescriptorRow[]> {
  return db.selectFrom('descriptor').select(['id', 'slug', 'category', 'names_json']).orderBy('position').execute();
}

/** The auth library's timestamps come back as dates on PostgreSQL and as text on SQLite. */
export const sinceText = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

// Votes.

export async function setGenreVote(
  db: DB,
  vote: { albumId: string; userId: string; genreId: string; kind: 'primary' | 'secondary'; value: number },
  now: string,
): Promise<void> {
  if (vote.value === 0) {
    await db
      .deleteFrom('album_genre_vote')
      .where('album_id', '=', vote.albumId)
      .where('user_id', '=', vote.userId)
      .where('genre_id', '=', vote.genreId)
      .execute();
    return;
  }
  await db
    .insertInto('album_genre_vote')
    .values({
      album_id: vote.albumId,
      user_id: vote.userId,
      genre_id: vote.genreId,
      kind: vote.kind,
      value: vote.value,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['album_id', 'user_id', 'genre_id']).doUpdateSet({ kind: vote.kind, value: vote.value, updated_at: now }),
    )
    .execute();
}

export async function setDescriptorVote(
  db: DB,
  vote: { albumId: string; userId: string; descriptorId: string; value: number },
  now: string,
): Promise<void> {
  if (vote.value === 0) {
    await db
      .deleteFrom('album_descriptor_vote')
      .where('album_id', '=', vote.albumId)
      .where('user_id', '=', vote.userId)
      .where('descriptor_id', '=', vote.descriptorId)
      .execute();
    return;
  }
  await db
    .insertInto('album_descriptor_vote')
    .values({
      album_id: vote.albumId,
      user_id: vote.userId,
      descriptor_id: vote.descriptorId,
      value: vote.value,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['album_id', 'user_id', 'descriptor_id']).doUpdateSet({ value: vote.value, updated_at: now }))
    .execute();
}

/** An album's genre votes, each with its voter's account age (the trust weight's input) and name. */
export async function albumGenreVotes(db: DB, albumId: string) {
  return db
    .selectFrom('album_genre_vote')
    .innerJoin('user', 'user.id', 'album_genre_vote.user_id')
    .select([
      'album_genre_vote.user_id',
      'album_genre_vote.genre_id',
      'album_genre_vote.kind',
      'album_genre_vote.value',
      'album_genre_vote.updated_at',
      'user.created_at as member_since',
      'user.username',
    ])
    .where('album_genre_vote.album_id', '=', albumId)
    .execute();
}

export async function albumDescriptorVotes(db: DB, albumId: string) {
  return db
    .selectFrom('album_descriptor_vote')
    .innerJoin('user', 'user.id', 'album_descriptor_vote.user_id')
    .select([
      'album_descriptor_vote.user_id',
      'album_descriptor_vote.descriptor_id',
      'album_descriptor_vote.value',
      'album_descriptor_vote.updated_at',
      'user.created_at as member_since',
      'user.username',
    ])
    .where('album_descriptor_vote.album_id', '=', albumId)
    .execute();
}

// What the votes decide.

export interface AlbumGenreRow {
  genre_id: string;
  position: number;
  kind: 'primary' | 'secondary';
  weight: number;
  from_catalog: number;
}

export async function albumGenres(db: DB, albumId: string): Promise<AlbumGenreRow[]> {
  return db
    .selectFrom('album_genre')
    .select(['genre_id', 'position', 'kind', 'weight', 'from_catalog'])
    .where('album_id', '=', albumId)
    .orderBy('position')
    .execute();
}

/** Writes an album's genres anew, in their order (the card's `genres_json` follows through its triggers). */
export async function replaceAlbumGenres(db: DB, albumId: string, rows: readonly Omit<AlbumGenreRow, 'position'>[]): Promise<void> {
  await db.deleteFrom('album_genre').where('album_id', '=', albumId).execute();
  if (!rows.length) return;
  await db
    .insertInto('album_genre')
    .values(rows.map((row, position) => ({ album_id: albumId, position, ...row })))
    .execute();
}

export async function albumDescriptors(db: DB, albumId: string) {
  return db
    .selectFrom('album_descriptor')
    .innerJoin('descriptor', 'descriptor.id', 'album_descriptor.descriptor_id')
    .select(['descriptor.id', 'descriptor.slug', 'descriptor.category', 'descriptor.names_json', 'album_descriptor.weight'])
    .where('album_descriptor.album_id', '=', albumId)
    .orderBy('album_descriptor.weight', 'desc')
    .orderBy('descriptor.position')
    .execute();
}

export async function replaceAlbumDescriptors(db: DB, albumId: string, rows: readonly { descriptorId: string; weight: number }[]) {
  await db.deleteFrom('album_descriptor').where('album_id', '=', albumId).execute();
  if (!rows.length) return;
  await db
    .insertInto('album_descriptor')
    .values(rows.map((row) => ({ album_id: albumId, descriptor_id: row.descriptorId, weight: row.weight })))
    .execute();
}

// Genre and descriptor pages.

/** The site's mean rating over every confirmed album (C of the Bayesian average), as the charts' all-time mean. */
export async function meanRating(db: DB): Promise<number> {
  const row = await db
    .selectFrom('album')
    .select((eb) => [eb.fn.sum<number>('rating_sum').as('total'), eb.fn.sum<number>('rating_count').as('count')])
    .where('status', '=', 'confirmed')
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return count ? Number(row?.total ?? 0) / count : 0;
}

export interface RankedRow {
  albumId: string;
  ratings: number;
  weighted: number;
}

/**
 * The confirmed albums carrying any of `genreIds` (or the descriptor), best first by the Bayesian weighted rating
 * WR = v/(v+m)·R + m/(v+m)·C over their ratings, as the charts rank them; albums without a rating come last.
 */
export async function topAlbums(
  db: DB,
  carrying: { genreIds: readonly string[] } | { descriptorId: string },
  prior: { m: number; mean: number },
  limit: number,
): Promise<RankedRow[]> {
  const ids =
    'genreIds' in carrying
      ? db
          .selectFrom('album_genre')
          .select('album_genre.album_id')
          .where('album_genre.genre_id', 'in', [...carrying.genreIds])
      : db
          .selectFrom('album_descriptor')
          .select('album_descriptor.album_id')
          .where('album_descriptor.descriptor_id', '=', carrying.descriptorId);
  const weighted = sql<number>`(cast(album.rating_count as double precision) / (album.rating_count + ${prior.m})) * coalesce(album.rating_average, 0) + (${prior.m} / (cast(album.rating_count as double precision) + ${prior.m})) * ${prior.mean}`;
  const rows = await db
    .selectFrom('album')
    .select(['album.id as albumId', 'album.rating_count as ratings', weighted.as('weighted')])
    .where('album.id', 'in', ids)
    .where('album.status', '=', 'confirmed')
    .orderBy(sql`case when album.rating_count > 0 then 0 else 1 end`)
    .orderBy('weighted', 'desc')
    .orderBy('album.rating_count', 'desc')
    .orderBy('album.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ albumId: row.albumId, ratings: Number(row.ratings), weighted: Number(row.weighted) }));
}

/** When a member joined: the trust weight's input. */
export async function memberSince(db: DB, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('user').select('created_at').where('id', '=', userId).executeTakeFirst();
  return row ? sinceText(row.created_at) : undefined;
}
