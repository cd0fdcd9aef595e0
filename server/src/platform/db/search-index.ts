import { foldDiacritics } from '../text.ts';
import { dialectOf, type DB } from './index.ts';

/**
 * The search index's write side: the catalog writer adds documents in the same transaction as the rows they
 * describe, and the search module queries them (FTS5 on SQLite, tsvector + pg_trgm on PostgreSQL). It lives in
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
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    if (postgres)
      await db
        .insertInto('search_document')
        .values(batch)
        .onConflict((oc) => oc.doNothing())
        .execute();
    else await db.insertInto('search_document').values(batch).execute();
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
      await db
        .deleteFrom('search_document')
        .where('kind', '=', kind)
        .where('ref_id', 'in', ids.slice(start, start + 500))
        .execute();
    }
  }
  await indexDocuments(db, documents);
}
