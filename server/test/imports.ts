import { EXPORT_FORMAT, EXPORT_VERSION, type HearsayExport } from '@hearsay/contracts/data-export';
import type { ImportJob } from '@hearsay/contracts/imports';
import { readMemberSettings } from '@hearsay/contracts/settings';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { TestUser } from './users.ts';

/** Uploads a file to the RateYourMusic import, as `person` (or signed out), from `remoteAddress` when given. */
export function uploadExport(t: TestApp, person: TestUser | null, file: Buffer | string, fileName = 'export.csv', remoteAddress?: string) {
  const form = new FormData();
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type: 'text/csv' }), fileName);
  return t.inject({
    method: 'POST',
    url: '/api/imports/rym',
    payload: form,
    headers: person ? { cookie: person.cookie } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Polls the import until `done` holds (by default: it stopped running, done or failed). */
export async function waitForImport(
  t: TestApp,
  person: TestUser,
  id: string,
  done: (job: ImportJob) => boolean = (job) => job.status !== 'running',
): Promise<ImportJob> {
  const deadline = Date.now() + 200_000;
  for (;;) {
    const job = (await t.inject({ method: 'GET', url: `/api/imports/${id}`, headers: { cookie: person.cookie } })).json<ImportJob>();
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`import ${id} stayed ${job.status} at ${job.processed} of ${job.total}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Uploads the file and waits for the import to end; expects it to have been accepted. */
export async function importExport(
  t: TestApp,
  person: TestUser,
  file: Buffer | string,
  fileName?: string,
  remoteAddress?: string,
): Promise<ImportJob> {
  const started = await uploadExport(t, person, file, fileName, remoteAddress);
  expect(started.statusCode, started.body).toBe(202);
  return waitForImport(t, person, started.json().id);
}

/** Uploads a Hearsay export (the ZIP of "Download my data", or its hearsay.json) to the import, as `person`. */
export function uploadHearsayExport(t: TestApp, person: TestUser | null, file: Uint8Array | string, fileName = 'hearsay.zip') {
  const form = new FormData();
  const type = fileName.endsWith('.json') ? 'application/json' : 'application/zip';
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type }), fileName);
  return t.inject({ method: 'POST', url: '/api/imports/hearsay', payload: form, headers: person ? { cookie: person.cookie } : {} });
}

/** Imports a Hearsay export and waits for the import to end; expects it to have been accepted. */
export async function importHearsayExport(t: TestApp, person: TestUser, file: Uint8Array | string, fileName?: string): Promise<ImportJob> {
  const started = await uploadHearsayExport(t, person, file, fileName);
  expect(started.statusCode, started.body).toBe(202);
  return waitForImport(t, person, started.json().id);
}

/** A Hearsay export ("Download my data") of a person from another site, empty but for the parts given. */
export function hearsayExport(parts: Partial<HearsayExport> = {}): HearsayExport {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: '2026-11-01T12:00:00.000Z',
    site: 'https://elsewhere.example',
    profile: {
      username: 'elsewhere',
      name: 'Someone Elsewhere',
      bio: '',
      email: 'someone@elsewhere.example',
      joinedAt: '2025-01-01T00:00:00.000Z',
      visibility: 'public',
      preferredGenres: [],
    },
    settings: readMemberSettings({}),
    ratings: [],
    reviews: [],
    reviewDrafts: [],
    ownership: [],
    comments: [],
    likes: { reviews: [], collections: [], albums: [] },
    listenLater: [],
    favouriteAlbums: [],
    collections: [],
    journal: [],
    follows: { following: [], followers: [] },
    ...parts,
  };
}
