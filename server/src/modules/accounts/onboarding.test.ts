import type { Onboarding } from '@hearsay/contracts/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum } from '../../../test/factories.ts';
import { createUser, type TestUser } from '../../../test/users.ts';

let t: TestApp;
let person: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await buildAlbum(t.db, { title: 'Riffs One', artist: 'The Riffers', genres: ['Rock'] });
  await buildAlbum(t.db, { title: 'Riffs Two', artist: 'The Riffers', genres: ['Rock'] });
  await buildAlbum(t.db, { title: 'Garage Days', artist: 'Garage Kid', genres: ['Rock'] });
  // Compilations credit a placeholder on many albums: it would top any list by album count.
  for (let n = 1; n <= 4; n++) {
    await buildAlbum(t.db, { title: `Rock Hits ${n}`, artist: 'Various Artists', genres: ['Rock', 'Jazz'] });
    await buildAlbum(t.db, { title: `Lost Tapes ${n}`, artist: 'Unknown Artist', genres: ['Rock', 'Jazz'] });
  }
  await buildAlbum(t.db, { title: 'Blue Hour', artist: 'Jazz Cat', genres: ['Jazz'] });
  await buildAlbum(t.db, { title: 'Blue Hour Again', artist: 'Jazz Cat', genres: ['Jazz'] });
  await buildAlbum(t.db, { title: 'Late Set', artist: 'Night Trio', genres: ['Jazz'] });
  person = await createUser(t);
});
afterAll(() => t.close());

async function saveGenres(preferredGenres: string[]): Promise<Onboarding> {
  const response = await t.inject({
    method: 'PUT',
    url: '/api/me/onboarding',
    headers: { cookie: person.cookie },
    payload: { step: 1, preferredGenres },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Onboarding>();
}

describe('onboarding genres', () => {
  it('lists every genre once: a group’s own genre sits in that group, not also under Other', async () => {
    const onboarding = (await t.inject({ url: '/api/me/onboarding', headers: { cookie: person.cookie } })).json<Onboarding>();
    const slugs = onboarding.genreGroups.flatMap((group) => group.genres.map((genre) => genre.slug));
    expect(slugs).toEqual([...new Set(slugs)]);
    const names = onboarding.genreGroups.flatMap((group) => group.genres.map((genre) => genre.name.toLowerCase()));
    expect(names).toEqual([...new Set(names)]);
    const rock = onboarding.genreGroups.find((group) => group.name === 'Rock');
    expect(rock?.genres.map((genre) => genre.name)).toEqual(['Rock', 'Alternative', 'Indie', 'Classic', 'Post-Rock']);
    const other = onboarding.genreGroups.find((group) => group.name === 'Other');
    expect(other?.genres.map((genre) => genre.slug)).not.toContain('rock');
    const jazz = onboarding.genreGroups.find((group) => group.name === 'Jazz');
    expect(jazz?.genres.filter((genre) => genre.slug === 'jazz')).toHaveLength(1);
  });
});

describe('onboarding artist suggestions', () => {
  it('suggests artists of the chosen genres, most albums first, never a placeholder credit', async () => {
    const rock = await saveGenres(['rock']);
    const names = rock.suggestedArtists.map((artist) => artist.name);
    expect(names.slice(0, 2)).toEqual(['The Riffers', 'Garage Kid']);
    expect(names).not.toContain('Various Artists');
    expect(names).not.toContain('Unknown Artist');
    expect(rock.suggestedArtists[0]).toMatchObject({ albumCount: 2 });
    expect(rock.suggestedArtists[0]?.imageUrl).toBeTruthy();

    const jazz = await saveGenres(['jazz']);
    expect(jazz.suggestedArtists.map((artist) => artist.name).slice(0, 2)).toEqual(['Jazz Cat', 'Night Trio']);
    const resumed = (await t.inject({ url: '/api/me/onboarding', headers: { cookie: person.cookie } })).json<Onboarding>();
    expect(resumed.suggestedArtists[0]?.name).toBe('Jazz Cat');
  });

  it('suggests the most credited real artists when no genre is chosen', async () => {
    const none = await saveGenres([]);
    const names = none.suggestedArtists.map((artist) => artist.name);
    expect(names.slice(0, 2).sort()).toEqual(['Jazz Cat', 'The Riffers']);
    expect(names).not.toContain('Various Artists');
    expect(names).not.toContain('Unknown Artist');
  });
});
