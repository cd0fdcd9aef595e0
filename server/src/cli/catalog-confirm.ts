import { parseArgs } from 'node:util';
import { confirmAlbums } from '../modules/catalog/catalog-writer.ts';
import { findAlbumIdByRef } from '../modules/catalog/albums.repository.ts';
import { pendingAlbumCounts, pendingAlbumIdsAddedBy } from '../modules/catalog/pending-albums.repository.ts';
import { createHydrator } from '../hydration/hydrator.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';

/**
 * `npm run catalog:confirm -- <album id or slug>…` or `-- --all-from <username>` confirms albums that imports added
 * (they then appear in search, lists, charts and counts). Without arguments it lists who has albums waiting.
 */
const { values, positionals } = parseArgs({ options: { 'all-from': { type: 'string' } }, allowPositionals: true });
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db);
  const username = values['all-from'];
  // Who added what: the people the catalog names by id, read as every list reads them.
  const hydrator = createHydrator({ db: database.db, caches: 'off' });
  if (username === undefined && positionals.length === 0) {
    const counts = await pendingAlbumCounts(database.db);
    const people = await hydrator.people(counts.flatMap(({ userId }) => (userId ? [userId] : [])));
    const waiting = counts.map(({ userId, count }) => ({ username: userId ? people.get(userId)?.username : null, count }));
    console.log('Usage: npm run catalog:confirm -- <album id or slug>… | --all-from <username>');
    console.log(
      waiting.length
        ? [
            'Albums waiting for confirmation:',
            ...waiting.map(({ username: name, count }) => `  ${name ?? '(deleted account)'}: ${count}`),
          ].join('\n')
        : 'No albums are waiting for confirmation.',
    );
  } else {
    const ids = new Set<string>();
    let unknown = 0;
    for (const ref of positionals) {
      const id = await findAlbumIdByRef(database.db, ref);
      if (id) ids.add(id);
      else {
        unknown++;
        console.error(`There is no album ${ref}.`);
      }
    }
    if (username !== undefined) {
      const person = await hydrator.personNamed(username.toLowerCase());
      const added = person ? await pendingAlbumIdsAddedBy(database.db, person.id) : [];
      if (added.length === 0) console.error(`No albums ${username}'s imports added are waiting.`);
      for (const id of added) ids.add(id);
    }
    const confirmed = await confirmAlbums(database.db, [...ids], { by: 'operator', now: new Date().toISOString() });
    console.log(`${database.description}: confirmed ${confirmed.length} albums (${ids.size - confirmed.length} were confirmed already)`);
    if (unknown > 0) process.exitCode = 1;
  }
} finally {
  await database.destroy();
}
