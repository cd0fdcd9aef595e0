import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../../platform/db/column-types.ts';

/**
 * Every album card and album page shows the album's credits (with each artist's name and slug) and its genres. They
 * were gathered for each album as it was read: two correlated subqueries and four index lookups an album, about 60 %
 * of a card's cost. The album now keeps both lists as JSON arrays (`credits_json`, `genres_json`), with the fields the
 * subqueries gave, and the database keeps them current with triggers on every table they are made from: an album's
 * credits or genres changing, an artist renamed, a genre renamed (decision 049). Every writer is covered, whether it
 * is the catalog, an import, a merge or a cascade.
 *
 * SQLite has row triggers only. PostgreSQL rewrites each album once per statement, from the rows the statement
 * changed (transition tables), so a bulk insert of credits costs one update of each album it names.
 */

/**
 * A JSON array of objects with `fields` (column expressions of `from`, in that order), ordered by `order`, written the
 * same on both engines: compact, keys in the order given. A copy between engines (db:copy) then carries the same text.
 */
function jsonList(fields: Record<string, string>, from: string, order: string, postgres: boolean) {
  const entries = Object.entries(fields);
  if (!postgres)
    return `(select coalesce(json_group_array(json_object(${entries.map(([key]) => `'${key}', item.${key}`).join(', ')})), '[]')
      from (select ${entries.map(([key, column]) => `${column} as ${key}`).join(', ')} ${from} order by ${order}) as item)`;
  // row_to_json writes compact JSON (json_agg and json_build_object add spaces); string_agg joins it as SQLite does.
  return `(select '[' || coalesce(string_agg(item.json, ',' order by item.ord), '') || ']'
      from (select ${order} as ord, (select row_to_json(fields) from (select ${entries.map(([key, column]) => `${column} as ${key}`).join(', ')}) as fields)::text as json ${from}) as item)`;
}

const CREDITS = (album: string, postgres: boolean) =>
  sql.raw(
    jsonList(
      {
        album_id: 'album_artist.album_id',
        artist_id: 'album_artist.artist_id',
        slug: 'artist.slug',
        name: 'artist.name',
        credited_name: 'album_artist.credited_name',
        join_phrase: 'album_artist.join_phrase',
        position: 'album_artist.position',
      },
      `from album_artist inner join artist on artist.id = album_artist.artist_id where album_artist.album_id = ${album}`,
      'album_artist.position',
      postgres,
    ),
  );

const GENRES = (album: string, postgres: boolean) =>
  sql.raw(
    jsonList(
      { album_id: 'album_genre.album_id', slug: 'genre.slug', name: 'genre.name', kind: 'genre.kind' },
      `from album_genre inner join genre on genre.id = album_genre.genre_id where album_genre.album_id = ${album}`,
      'album_genre.position',
      postgres,
    ),
  );

/** Each list, what it is made from, and what a change of the source table's rows names. */
const LISTS = [
  { column: 'credits_json', build: CREDITS, links: 'album_artist', source: { table: 'artist', columns: ['name', 'slug'] } },
  { column: 'genres_json', build: GENRES, links: 'album_genre', source: { table: 'genre', columns: ['name', 'slug', 'kind'] } },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);
  for (const list of LISTS) {
    await db.schema
      .alterTable('album')
      .addColumn(list.column, 'text', (column) => column.notNull().defaultTo(sql`'[]'`))
      .execute();
    await sql`update album set ${sql.ref(list.column)} = ${list.build('album.id', postgres)}`.execute(db);
  }
  if (postgres) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  for (const { column, build, links, source } of LISTS) {
    const set = (albums: string) =>
      `update album set ${column} = ${build('album.id', false).compile(db).sql} where album.id in (${albums});`;
    const triggers = [
      [`${links}_card_insert`, `after insert on ${links}`, set('new.album_id')],
      [`${links}_card_delete`, `after delete on ${links}`, set('old.album_id')],
      [`${links}_card_update`, `after update on ${links}`, set('old.album_id, new.album_id')],
      [
        `${source.table}_card_update`,
        `after update of ${source.columns.join(', ')} on ${source.table}`,
        set(`select album_id from ${links} where ${links}.${source.table}_id = new.id`),
      ],
    ];
    for (const [name, when, body] of triggers) await sql.raw(`create trigger ${name} ${when} begin ${body} end`).execute(db);
  }
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  for (const { column, build, links, source } of LISTS) {
    const refresh = (albums: string) =>
      `update album set ${column} = ${build('album.id', true).compile(db).sql} where album.id in (${albums});`;
    // Only what a card shows: an artist's details filled in by MusicBrainz leave its albums alone.
    const shown = (rows: string) => source.columns.map((name) => `${rows}.${name}`).join(', ');
    await sql
      .raw(
        `create function ${links}_card_refresh() returns trigger language plpgsql as $$
        begin
          if tg_op in ('INSERT', 'UPDATE') then ${refresh('select album_id from changed_rows')} end if;
          if tg_op in ('DELETE', 'UPDATE') then ${refresh('select album_id from removed_rows')} end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function ${source.table}_card_refresh() returns trigger language plpgsql as $$
        begin
          ${refresh(
            `select ${links}.album_id from ${links}
             join changed_rows on changed_rows.id = ${links}.${source.table}_id
             join removed_rows on removed_rows.id = changed_rows.id
             where (${shown('changed_rows')}) is distinct from (${shown('removed_rows')})`,
          )}
          return null;
        end $$`,
      )
      .execute(db);
    const statements = [
      `create trigger ${links}_card_insert after insert on ${links} referencing new table as changed_rows
        for each statement execute function ${links}_card_refresh()`,
      `create trigger ${links}_card_delete after delete on ${links} referencing old table as removed_rows
        for each statement execute function ${links}_card_refresh()`,
      `create trigger ${links}_card_update after update on ${links} referencing new table as changed_rows old table as removed_rows
        for each statement execute function ${links}_card_refresh()`,
      `create trigger ${source.table}_card_update after update on ${source.table} referencing new table as changed_rows old table as removed_rows
        for each statement execute function ${source.table}_card_refresh()`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);
  for (const { column, links, source } of LISTS) {
    for (const trigger of [`${links}_card_insert`, `${links}_card_delete`, `${links}_card_update`])
      await sql.raw(postgres ? `drop trigger ${trigger} on ${links}` : `drop trigger ${trigger}`).execute(db);
    await sql
      .raw(postgres ? `drop trigger ${source.table}_card_update on ${source.table}` : `drop trigger ${source.table}_card_update`)
      .execute(db);
    if (postgres) {
      await sql.raw(`drop function ${links}_card_refresh()`).execute(db);
      await sql.raw(`drop function ${source.table}_card_refresh()`).execute(db);
    }
    await db.schema.alterTable('album').dropColumn(column).execute();
  }
}
