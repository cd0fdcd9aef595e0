import { SingleBar, Presets } from 'cli-progress';
import { parseArgs } from 'node:util';
import { ambiguousAlbums, enrichmentCounts } from '../modules/catalog/musicbrainz.repository.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { createJobRunner } from '../platform/jobs/runner.ts';
import { buildCoreServices } from '../services.ts';
import { CATALOG_ENRICH_JOB } from '../modules/catalog/catalog-enrichment.ts';
import { countOf } from '../platform/text.ts';

/**
 * `npm run catalog:enrich` gives the catalog's albums MusicBrainz's data (decision 018): it runs the enrichment job
 * here, with a progress bar, until every album has been looked at. The job is the one the server runs by itself;
 * stopping this (Ctrl-C) hands it back, and the next run, or the server, resumes where it stopped. `--list-ambiguous`
 * lists the albums left for a person to check.
 */
const { values } = parseArgs({ options: { 'list-ambiguous': { type: 'boolean' } } });
const config = loadConfig();
const database = openDatabase(config.databaseUrl);
const { db } = database;
await migrateToLatest(db);

if (values['list-ambiguous']) {
  const rows = await ambiguousAlbums(db);
  for (const row of rows) {
    const candidates = JSON.parse(row.candidates) as { mbid: string; title: string; artistCredit: string; year: number | null }[];
    console.log(`${row.artist_credit} – ${row.title} (${row.release_year ?? '?'})  /album/${row.slug}`);
    if (row.detail) console.log(`    ${row.detail}`);
    for (const candidate of candidates) {
      console.log(
        `    https://musicbrainz.org/release-group/${candidate.mbid}  ${candidate.artistCredit} – ${candidate.title} (${candidate.year ?? '?'})`,
      );
    }
  }
  console.log(rows.length ? `${countOf(rows.length, 'album')} left for a person to check.` : 'No ambiguous albums.');
  await database.destroy();
  process.exit(0);
}

if (!config.musicbrainz.enabled) {
  console.log('MusicBrainz is switched off on this site (MUSICBRAINZ=off): nothing to do.');
  await database.destroy();
  process.exit(0);
}

const clock = () => new Date();
const log = { error: (details: object, message: string) => console.error(message, details), warn: () => {}, info: () => {} };
const runner = createJobRunner({ db, clock, log, concurrency: 1 });
const services = buildCoreServices({ db, clock, config, jobs: runner, log });
runner.register(CATALOG_ENRICH_JOB, services.enrichment.handler);

const start = await enrichmentCounts(db);
if (start.remaining === 0) {
  console.log(`${database.description}: all ${start.albums} albums have been looked up on MusicBrainz; nothing to do.`);
  await services.musicbrainz.close();
  await database.destroy();
  process.exit(0);
}
await services.enrichment.ensureQueued(runner);
runner.start();

const total = start.albums;
const bar = new SingleBar(
  {
    format: 'MusicBrainz {bar} {value}/{total} albums · {withMusicBrainz} with data · {ambiguous} ambiguous · {notFound} not found',
    hideCursor: true,
  },
  Presets.shades_classic,
);
bar.start(total, total - start.remaining, start);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  clearInterval(timer);
  bar.stop();
  await runner.close();
  await services.musicbrainz.close();
  await database.destroy();
  process.exit(code);
}
process.on('SIGINT', () => void stop(130));
process.on('SIGTERM', () => void stop(143));

const timer = setInterval(() => {
  void (async () => {
    const counts = await enrichmentCounts(db);
    bar.update(counts.albums - counts.remaining, counts);
    if (bar.getTotal() !== counts.albums) bar.setTotal(counts.albums);
    const state = await services.enrichment.state();
    if (state === 'done' || counts.remaining === 0) {
      await runner.idle();
      bar.stop();
      console.log(
        `Done: ${counts.withMusicBrainz} of ${counts.albums} albums have MusicBrainz data; ${counts.ambiguous} ambiguous (npm run catalog:enrich -- --list-ambiguous), ${counts.notFound} not found.`,
      );
      await stop(0);
    }
  })();
}, 1000);
