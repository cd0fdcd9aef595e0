import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbums, seedStarterCatalog } from '../../../test/factories.ts';
import { importExport } from '../../../test/imports.ts';
import { createUser } from '../../../test/users.ts';

/** A site as it starts (the starter catalog), with the limits on new albums as a server starts with them. */
let t: TestApp;
beforeAll(async () => {
  // The import runs between requests, not in the job thread, which a busy machine leaves waiting at its idle priority.
  t = await createTestApp({ env: { JOB_THREAD: 'false' } });
  await seedStarterCatalog(t.db);
});
afterAll(() => t.close());

const HEADER =
  'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type, Review,Review Title';
const quoted = (fields: (string | number)[]) => fields.map((field) => `"${String(field).replace(/"/g, '""')}"`).join(',');

describe("a member's first RateYourMusic import", () => {
  it('imports every rated row of a 5,000-row export, a quarter of them new to the catalog, the first time', async () => {
    const catalogued = await t.db
      .selectFrom('album')
      .select(['artist_credit', 'title', 'release_year'])
      .where('status', '=', 'confirmed')
      .orderBy('id')
      .execute();
    // The starter catalog and a few more albums the site has: three quarters of the export.
    await buildAlbums(t.db, 3750 - catalogued.length, 'Deep Cut', 'Catalogued Band');
    const known = [
      ...catalogued.map((album) => ({ artist: album.artist_credit, title: album.title, year: album.release_year })),
      ...Array.from({ length: 3750 - catalogued.length }, (_, index) => ({
        artist: 'Catalogued Band',
        title: `Deep Cut ${index + 1}`,
        year: 2001,
      })),
    ];
    expect(known).toHaveLength(3750);
    const rows = Array.from({ length: 5000 }, (_, index) => {
      // Every fourth row names an album no catalog has.
      const album =
        index % 4 === 3
          ? { artist: `Basement Tapes ${Math.floor(index / 40)}`, title: `Unreleased Session ${index}`, year: 1970 + (index % 50) }
          : known[index - Math.floor(index / 4)]!;
      const review = index % 9 === 0 ? `Listened ${index} times and the [b]second side[/b] still surprises me more than the first.` : '';
      return quoted([
        1_000_000 + index,
        '',
        album.artist,
        '',
        '',
        album.title,
        album.year ?? '',
        1 + (index % 10),
        'o',
        '',
        'CD',
        review,
        '',
      ]);
    });
    const person = await createUser(t);
    const started = performance.now();
    const job = await importExport(t, person, [HEADER, ...rows].join('\r\n'));
    const seconds = (performance.now() - started) / 1000;
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.summary).toMatchObject({ ratingsImported: 5000, skipped: 0, skippedRows: [] });
    expect(job.summary.created).toBeGreaterThanOrEqual(1250);
    expect(job.summary.matched + job.summary.created).toBe(5000);
    // Every row is remembered with its album and rating (two rows may name one album the catalog has twice over).
    const remembered = await t.db
      .selectFrom('import_item')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', person.user.id)
      .where('rating', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(remembered.n)).toBe(5000);
    // For decision 054: how long the first import of a large export takes here.
    console.info(`5,000-row import: ${seconds.toFixed(1)} s (${job.summary.created} albums added, ${job.summary.matched} matched)`);
  }, 600_000);
});
