import type { Kysely } from 'kysely';

/**
 * Import matching, measured on real RateYourMusic exports (issue 13):
 *
 * - Match keys run a name's words together and leave out "&", "+", "and" and a leading or trailing "The", so
 *   "Section.80" and "Section 80" or "Simon & Garfunkel" and "Simon and Garfunkel" share one; a name with no letter or
 *   digit keys as itself. Every album's and artist's key is computed again.
 * - `album.title_key`: the title's key without parenthesised or bracketed parts, for an album whose title carries a
 *   subtitle on one side only ("Scary Monsters (And Super Creeps)") or whose artist is credited differently.
 * - `artist_alias`: other spellings of an artist's name (romanised, localized, native) that imports bring.
 *
 * The key functions are copied here, not imported, because a shipped migration must not change when the
 * application's keys do (platform/text.ts holds the live ones).
 */

function foldDiacritics(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd');
}

function matchWords(value: string): string[] {
  const words = foldDiacritics(value)
    .toLowerCase()
    .replace(/['’‘`.]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const kept = words.filter((word) => word !== 'and');
  if (kept.length > 1 && kept[0] === 'the') kept.shift();
  if (kept.length > 1 && kept.at(-1) === 'the') kept.pop();
  return kept.length ? kept : words;
}

function matchKey(value: string): string {
  const key = matchWords(value).join('');
  return key || value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function titleMatchKey(title: string): string {
  const bare = title.replace(/\s*(\([^()]*\)|\[[^[\]]*\])/g, ' ');
  return matchWords(bare).length && /[\p{L}\p{N}]/u.test(bare) ? matchKey(bare) : matchKey(title);
}

const PAGE = 1000;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('artist_alias')
    .addColumn('artist_id', 'text', (col) => col.notNull().references('artist.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('match_key', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('artist_alias_pkey', ['artist_id', 'match_key'])
    .execute();
  await db.schema.createIndex('artist_alias_match_key_idx').on('artist_alias').column('match_key').execute();

  await db.schema
    .alterTable('album')
    .addColumn('title_key', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  for (let after = ''; ;) {
    const artists: { id: string; name: string; match_key: string }[] = await db
      .selectFrom('artist')
      .select(['id', 'name', 'match_key'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const artist of artists) {
      const key = matchKey(artist.name);
      if (key !== artist.match_key) await db.updateTable('artist').set({ match_key: key }).where('id', '=', artist.id).execute();
    }
    if (artists.length < PAGE) break;
    after = artists.at(-1)!.id;
  }

  for (let after = ''; ;) {
    const albums: { id: string; title: string; artist_credit: string }[] = await db
      .selectFrom('album')
      .select(['id', 'title', 'artist_credit'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const album of albums) {
      await db
        .updateTable('album')
        .set({ match_key: `${matchKey(album.artist_credit)}|${matchKey(album.title)}`, title_key: titleMatchKey(album.title) })
        .where('id', '=', album.id)
        .execute();
    }
    if (albums.length < PAGE) break;
    after = albums.at(-1)!.id;
  }
  await db.schema.createIndex('album_title_key_idx').on('album').column('title_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('album_title_key_idx').execute();
  await db.schema.alterTable('album').dropColumn('title_key').execute();
  await db.schema.dropTable('artist_alias').execute();
}
