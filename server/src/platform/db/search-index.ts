import { foldDiacritics } from '../text.ts';
import { dialectOf, type DB } from './index.ts';

/**
 * The search index's write side: the catalog writer adds documents in the same transaction as the rows they
 * describe, and the search module queries them (FTS5 on SQLite, tsvector + pg_trgm on PostgreSQL). Albums are in
 * `search_document`, artists in `search_artist`, people and collections in tables of their own. It lives in
 * platform so that writing to the index never makes the catalog depend on the search module.
 */

/** Lower case, no accents, letters and digits only: the form both documents and queries are indexed in. */
export function searchText(value: string): string {
  return foldDiacritics(value)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export type SearchKind = 'album' | 'artist';

export interface SearchDocument {
  kind: SearchKind;
  refId: string;
  text: string;
}

/** Adds documents and their words to the index (callers add each thing once; the catalog writer does). */
export async function indexDocuments(db: DB, documents: readonly SearchDocument[]): Promise<void> {
  if (documents.length === 0) return;
  const rows = documents.map((document) => ({ kind: document.kind, ref_id: document.refId, text: searchText(document.text) }));
  const terms = new Set<string>();
  for (const row of rows) for (const word of row.text.split(' ')) if (word.length >= 3) terms.add(word);
  const postgres = dialectOf(db) === 'postgres';
  const albums = rows.filter((row) => row.kind === 'album');
  const artists = rows.flatMap((row) => (row.kind === 'artist' ? [{ ref_id: row.ref_id, text: row.text }] : []));
  for (let start = 0; start < albums.length; start += 500) {
    const batch = albums.slice(start, start + 500);
    if (postgres)
      await db
        .insertInto('search_document')
        .values(batch)
        .onConflict((oc) => oc.doNothing())
        .execute();
    else await db.insertInto('search_document').values(batch).execute();
  }
  for (let start = 0; start < artists.length; start += 500) {
    const batch = artists.slice(start, start + 500);
    if (postgres)
      await db
        .insertInto('search_artist')
        .values(batch)
        .onConflict((oc) => oc.doNothing())
        .execute();
    else await db.insertInto('search_artist').values(batch).execute();
  }
  const termRows = [...terms].map((term) => ({ term, initial: term.slice(0, 1), length: term.length }));
  for (let start = 0; start < termRows.length; start += 500) {
    await db
      .insertInto('search_term')
      .values(termRows.slice(start, start + 500))
      .onConflict((oc) => oc.column('term').doNothing())
      .execute();
  }
}

/** Writes documents again (an artist's new aliases): each one's old text goes, the new one comes in. */
export async function replaceDocuments(db: DB, documents: readonly SearchDocument[]): Promise<void> {
  if (documents.length === 0) return;
  for (const kind of new Set(documents.map((document) => document.kind))) {
    const ids = documents.flatMap((document) => (document.kind === kind ? [document.refId] : []));
    for (let start = 0; start < ids.length; start += 500) {
      if (kind === 'artist')
        await db
          .deleteFrom('search_artist')
          .where('ref_id', 'in', ids.slice(start, start + 500))
          .execute();
      else
        await db
          .deleteFrom('search_document')
          .where('kind', '=', kind)
          .where('ref_id', 'in', ids.slice(start, start + 500))
          .execute();
    }
  }
  await indexDocuments(db, documents);
}

/**
 * People and collections are searched by name in indexes of their own. Whoever changes a person's name or username,
 * or a collection's name, or deletes either, refreshes their documents in the same transaction: each id's document
 * is written again from its row, or goes when the row has gone. Private ones are indexed too (search applies privacy).
 */
export async function refreshPeople(db: DB, userIds: readonly string[]): Promise<void> {
  for (let start = 0; start < userIds.length; start += 500) {
    const ids = userIds.slice(start, start + 500);
    const rows = await db.selectFrom('user').select(['id', 'name', 'username']).where('id', 'in', ids).execute();
    await db.deleteFrom('search_person').where('ref_id', 'in', ids).execute();
    if (rows.length)
      await db
        .insertInto('search_person')
        .values(rows.map((row) => ({ ref_id: row.id, text: searchText(`${row.name} ${row.username ?? ''}`) })))
        .execute();
  }
}

/** Collections' documents, as `refreshPeople`. */
export async function refreshCollections(db: DB, collectionIds: readonly string[]): Promise<void> {
  for (let start = 0; start < collectionIds.length; start += 500) {
    const ids = collectionIds.slice(start, start + 500);
    const rows = await db.selectFrom('collection').select(['id', 'name']).where('id', 'in', ids).execute();
    await db.deleteFrom('search_collection').where('ref_id', 'in', ids).execute();
    if (rows.length)
      await db
        .insertInto('search_collection')
        .values(rows.map((row) => ({ ref_id: row.id, text: searchText(row.name) })))
        .execute();
  }
}

/** Takes documents out of the index (an album merged into another): their words stay among the spelling candidates. */
export async function removeDocuments(db: DB, kind: SearchKind, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 500) {
    const batch = ids.slice(start, start + 500);
    if (kind === 'artist') await db.deleteFrom('search_artist').where('ref_id', 'in', batch).execute();
    else await db.deleteFrom('search_document').where('kind', '=', kind).where('ref_id', 'in', batch).execute();
  }
}
