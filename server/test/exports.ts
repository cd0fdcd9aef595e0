import type { DataExport } from '@hearsay/contracts/data-export';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { TestUser } from './users.ts';

/** Asks for "Download my data" as `person` and waits until the ZIP is built (or the export failed). */
export async function exportData(t: TestApp, person: TestUser): Promise<DataExport> {
  const started = await t.inject({ method: 'POST', url: '/api/me/exports', headers: { cookie: person.cookie } });
  expect(started.statusCode, started.body).toBe(202);
  return waitForExport(t, person, started.json<DataExport>().id);
}

/**
 * Waits until the export stops running and, when it is done, until its "ready" notification is written: a listener of
 * the job's event writes it a moment after the job ends, so a test that counts rows right after would race it.
 */
async function waitForExport(t: TestApp, person: TestUser, id: string): Promise<DataExport> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await t.inject({ method: 'GET', url: `/api/me/exports/${id}`, headers: { cookie: person.cookie } })).json<DataExport>();
    if (job.status !== 'running') {
      if (job.status === 'done') await readyNotification(t, person, id);
      return job;
    }
    if (Date.now() > deadline) throw new Error(`export ${id} stayed running at ${job.processed} of ${job.total}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function readyNotification(t: TestApp, person: TestUser, id: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const row = await t.db
      .selectFrom('notification')
      .select('id')
      .where('recipient_id', '=', person.user.id)
      .where('kind', '=', 'export_ready')
      .where('object_id', '=', id)
      .executeTakeFirst();
    if (row) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The ZIP of a finished export, and its files as text. */
export async function downloadExport(t: TestApp, person: TestUser, id: string) {
  const response = await t.inject({ method: 'GET', url: `/api/me/exports/${id}/download`, headers: { cookie: person.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  const zip = response.rawPayload;
  const files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(zip))).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]),
  );
  return { response, zip, files };
}
