import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';
import { newId } from '../../platform/ids.ts';
import { slugify } from '../../platform/text.ts';

/**
 * Genres and descriptors voted by members (decision 077).
 *
 * The taxonomy: MusicBrainz's genre names (CC0, `server/catalog/musicbrainz-genres.json`, provenance in its SOURCES)
 * join the `genre` table with their MusicBrainz id (`mbid`). A MusicBrainz genre that is one of the genres people
 * browse by (landing chips, Discover, onboarding: `BROWSE_GENRES` below, the names of `genre-taxonomy.ts`) is that
 * row, so "rock" and "Rock" are one genre; one that matches a Discogs style already stored (same slug) is that row;
 * any other is a new row of kind 'style'. A genre may have several parents (`genre_parent`, a DAG: post-rock → rock,
 * pop punk → punk and pop).
 *
 * `album_genre` keeps the catalog's genres as the starting point (weight 0) and gains what the votes decide: `kind`
 * ('primary' | 'secondary'), `weight` (the genre's share of the album's weighted voters) and `from_catalog` (1 for a
 * row the catalog writer made, 0 for one only the votes add, so a genre the votes drop goes back to what the catalog
 * said). The card's `genres_json`
 * is still kept by the triggers of migration 2026-12-07-10, in `position` order.
 *
 * `descriptor` is Hearsay's vocabulary of moods, textures and themes (`server/catalog/descriptors.json`), its names in
 * the five languages of the site; `album_descriptor` holds those that pass the rule. The votes, one per member, album
 * and genre (or descriptor), are `album_genre_vote` and `album_descriptor_vote` (+1 up, -1 down).
 */

interface MusicBrainzGenre {
  mbid: string;
  name: string;
  disambiguation?: string;
  parents: string[];
}

interface DescriptorEntry {
  slug: string;
  category: string;
  names: Record<string, string>;
}

/** The genres people browse by that are MusicBrainz genres, by their MusicBrainz name (genre-taxonomy.ts's names). */
const BROWSE_GENRES: Record<string, string> = {
  rock: 'Rock',
  pop: 'Pop',
  'hip hop': 'Hip Hop',
  electronic: 'Electronic',
  jazz: 'Jazz',
  classical: 'Classical',
  'r&b': 'R&B',
  soul: 'Soul',
  funk: 'Funk',
  disco: 'Disco',
  country: 'Country',
  folk: 'Folk',
  metal: 'Metal',
  indie: 'Indie',
  'alternative rock': 'Alternative',
  punk: 'Punk',
  blues: 'Blues',
  reggae: 'Reggae',
  latin: 'Latin',
  experimental: 'Experimental',
  gospel: 'Gospel',
  'post-rock': 'Post-Rock',
  bebop: 'Bebop',
  'jazz fusion': 'Fusion',
  instrumental: 'Instrumental',
};

const UPPER_WORDS = new Set(['idm', 'edm', 'aor', 'r&b', 'ebm', 'uk', 'dsbm', 'nwobhm', 'mpb', 'j-pop', 'k-pop', 'c-pop']);

/** "post-rock" → "Post-Rock", "r&b" → "R&B": MusicBrainz writes genre names in lower case. */
export function displayGenreName(name: string): string {
  return name
    .split(' ')
    .map((word) =>
      UPPER_WORDS.has(word)
        ? word.toUpperCase()
        : word
            .split('-')
            .map((part) => (part ? part[0]!.toLocaleUpperCase('en') + part.slice(1) : part))
            .join('-'),
    )
    .join(' ');
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(new URL(`../../../catalog/${file}`, import.meta.url), 'utf8')) as T;
}

async function inBatches<T>(rows: readonly T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

export async function up(db: Kysely<any>): Promise<void> {
  const { double } = columnTypes(db);
  const now = new Date().toISOString();

  await db.schema.alterTable('genre').addColumn('mbid', 'text').execute();
  await db.schema.createIndex('genre_mbid_idx').on('genre').column('mbid').unique().execute();
  await db.schema
    .createTable('genre_parent')
    .addColumn('genre_id', 'text', (col) => col.notNull().references('genre.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (col) => col.notNull().references('genre.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('genre_parent_pk', ['genre_id', 'parent_id'])
    .execute();
  await db.schema.createIndex('genre_parent_parent_idx').on('genre_parent').columns(['parent_id', 'genre_id']).execute();

  await db.schema
    .alterTable('album_genre')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('secondary'))
    .execute();
  await db.schema
    .alterTable('album_genre')
    .addColumn('weight', double, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('album_genre')
    .addColumn('from_catalog', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('album_genre_vote')
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('genre_id', 'text', (col) => col.notNull().references('genre.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('value', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_genre_vote_pk', ['album_id', 'user_id', 'genre_id'])
    .execute();
  await db.schema.createIndex('album_genre_vote_user_idx').on('album_genre_vote').columns(['user_id', 'album_id']).execute();
  await db.schema.createIndex('album_genre_vote_genre_idx').on('album_genre_vote').column('genre_id').execute();

  await db.schema
    .createTable('descriptor')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('names_json', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('album_descriptor')
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('descriptor_id', 'text', (col) => col.notNull().references('descriptor.id').onDelete('cascade'))
    .addColumn('weight', double, (col) => col.notNull())
    .addPrimaryKeyConstraint('album_descriptor_pk', ['album_id', 'descriptor_id'])
    .execute();
  await db.schema.createIndex('album_descriptor_descriptor_idx').on('album_descriptor').columns(['descriptor_id', 'album_id']).execute();
  await db.schema
    .createTable('album_descriptor_vote')
    .addColumn('album_id', 'text', (col) => col.notNull().references('album.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('descriptor_id', 'text', (col) => col.notNull().references('descriptor.id').onDelete('cascade'))
    .addColumn('value', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_descriptor_vote_pk', ['album_id', 'user_id', 'descriptor_id'])
    .execute();
  await db.schema.createIndex('album_descriptor_vote_user_idx').on('album_descriptor_vote').columns(['user_id', 'album_id']).execute();

  // The taxonomy.
  const genres = readJson<MusicBrainzGenre[]>('musicbrainz-genres.json');
  const existing = new Map<string, string>(
    (await db.selectFrom('genre').select(['id', 'slug']).execute()).map((row: { id: string; slug: string }) => [row.slug, row.id]),
  );
  const idByName = new Map<string, string>();
  const inserts: Record<string, unknown>[] = [];
  const updates: { id: string; mbid: string }[] = [];
  for (const genre of genres) {
    const browse = BROWSE_GENRES[genre.name];
    const slug = slugify(browse ?? genre.name);
    const id = existing.get(slug);
    if (id) {
      if (![...idByName.values()].includes(id)) updates.push({ id, mbid: genre.mbid });
      idByName.set(genre.name, id);
      continue;
    }
    const fresh = newId();
    existing.set(slug, fresh);
    idByName.set(genre.name, fresh);
    inserts.push({
      id: fresh,
      slug,
      name: browse ?? displayGenreName(genre.name),
      kind: browse ? 'genre' : 'style',
      parent_id: null,
      rule: null,
      created_at: now,
      mbid: genre.mbid,
    });
  }
  await inBatches(inserts, 100, (batch) => db.insertInto('genre').values(batch).execute());
  for (const { id, mbid } of updates) await db.updateTable('genre').set({ mbid }).where('id', '=', id).execute();
  const links = new Map<string, { genre_id: string; parent_id: string }>();
  for (const genre of genres) {
    const child = idByName.get(genre.name)!;
    for (const parentName of genre.parents) {
      const parent = idByName.get(parentName);
      if (parent && parent !== child) links.set(`${child}>${parent}`, { genre_id: child, parent_id: parent });
    }
  }
  await inBatches([...links.values()], 200, (batch) => db.insertInto('genre_parent').values(batch).execute());

  // The descriptors.
  const descriptors = readJson<DescriptorEntry[]>('descriptors.json');
  await inBatches(
    descriptors.map((descriptor, position) => ({
      id: newId(),
      slug: descriptor.slug,
      category: descriptor.category,
      names_json: JSON.stringify(descriptor.names),
      position,
      created_at: now,
    })),
    100,
    (batch) => db.insertInto('descriptor').values(batch).execute(),
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['album_descriptor_vote', 'album_descriptor', 'descriptor', 'album_genre_vote', 'genre_parent']) {
    await db.schema.dropTable(table).execute();
  }
  await db.deleteFrom('genre').where('mbid', 'is not', null).where('kind', '=', 'style').execute();
  await db.schema.dropIndex('genre_mbid_idx').execute();
  await db.schema.alterTable('genre').dropColumn('mbid').execute();
  await db.schema.alterTable('album_genre').dropColumn('from_catalog').execute();
  await db.schema.alterTable('album_genre').dropColumn('weight').execute();
  await db.schema.alterTable('album_genre').dropColumn('kind').execute();
}
