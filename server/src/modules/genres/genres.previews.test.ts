import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'hearsay-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><!--hearsay:head--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: 'https://music.example.org' } });
  await buildAlbum(t.db, { title: 'Spiderland', artist: 'Slint', genres: ['Post Rock'] });
});
afterAll(() => t.close());

describe('genre and descriptor links shared elsewhere', () => {
  it('preview the genre with its parents and top albums, and the descriptor by its name', async () => {
    const genre = await t.inject('/genre/post-rock');
    expect(genre.statusCode).toBe(200);
    expect(genre.body).toContain('<meta property="og:title" content="Post-Rock — top albums on Hearsay"');
    expect(genre.body).toContain('A genre of Rock. Top albums: Spiderland (Slint).');
    const descriptor = await t.inject('/descriptor/melancholic');
    expect(descriptor.body).toContain('<meta property="og:title" content="melancholic — albums on Hearsay"');
  });

  it('preview an unknown genre as the site, naming nothing', async () => {
    const page = await t.inject('/genre/no-such-genre');
    expect(page.body).not.toContain('top albums on Hearsay');
    expect(page.body).toContain('<meta property="og:title"');
  });
});
