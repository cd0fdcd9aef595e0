/**
 * A hostile inbox flood: a real Hearsay process receives thousands of activities signed by a server of another site
 * (the test's stand-in, ../federation/remote-actor.ts, serving its actor and key and signing as Mastodon does), while
 * /healthz is asked again and again from a thread of its own. The inbox checks each signature and queues a job, or
 * refuses the server with 429 once it is over its share; nothing of the handling happens on the request path, so
 * /healthz answers throughout. Every activity taken is handled in the end, and one refused is taken when sent again.
 *
 * 2,000 activities here, more than three times a server's share of a minute (600); `npm run bench:pressure` sends the
 * issue's 10,000 (INBOX_FLOOD) and holds /healthz to its 250 ms (healthz-under-pressure.ts).
 */
import { sql } from 'kysely';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/index.ts';
import { startRemoteActor, type RemoteActor, type SignedPost } from '../federation/remote-actor.ts';
import { reportHealthz } from './healthz-under-pressure.ts';
import { call, emptyDatabase, signUp, startServer, stopAll, temporaryDirectory, type ServerProcess } from '../processes.ts';

const FLOOD = Number(process.env.INBOX_FLOOD ?? 2_000);
/** Posts in flight at once: a server delivering as fast as it can. */
const SENDERS = 12;

const METRICS_TOKEN = 'inbox-flood-metrics-token';

const directory = temporaryDirectory('inbox-flood');
let database: { url: string; drop(): Promise<void> };
let hearsay: ServerProcess;
/** The other site's person whose activities flood the inbox (remote-actor.ts). */
let remote: RemoteActor;
let member: { id: string; cookie: string };

const actorUrl = () => remote.uri;
const sharedInbox = () => `${hearsay.url}/ap/inbox`;

/** Sends a post signed beforehand. */
async function send(signed: SignedPost): Promise<Response> {
  const response = await fetch(sharedInbox(), { method: 'POST', ...signed, signal: AbortSignal.timeout(30_000) });
  await response.body?.cancel();
  return response;
}

const post = (activity: Record<string, unknown>) => remote.post(sharedInbox(), activity);

/** A rating of an album, as another site would share it: one post each. */
const rating = (index: number) => {
  const note = `${actorUrl()}/notes/${index}`;
  return {
    id: `${note}/create`,
    type: 'Create',
    object: {
      id: note,
      type: 'Note',
      attributedTo: actorUrl(),
      content: `<p>Flood ${index}</p>`,
      published: new Date().toISOString(),
      tag: [{ type: 'Album', name: `Flood ${index}`, artist: 'The Floods' }],
      relatedWith: [{ type: 'Rating', value: 7, best: 10, worst: 1 }],
    },
  };
};

/** Asks /healthz one after another from a thread of its own (so the flood's sender does not hold the sampler up). */
function sampleHealth(url: string) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const times = [];
    let stop = false;
    let failures = 0;
    parentPort.on('message', () => (stop = true));
    (async () => {
      // Once untimed: the thread's first fetch loads its HTTP client, which is the sampler's own start, not the site's.
      await fetch(workerData.url).then((r) => r.text());
      parentPort.postMessage('ready');
      while (!stop) {
        const started = performance.now();
        const ok = await fetch(workerData.url, { signal: AbortSignal.timeout(10000) }).then((r) => r.text().then(() => r.ok), () => false);
        times.push(performance.now() - started);
        if (!ok) failures++;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      parentPort.postMessage({ times, failures });
    })();
    `,
    { eval: true, workerData: { url: `${url}/healthz` } },
  );
  return {
    ready: new Promise<void>((resolve) => worker.once('message', () => resolve())),
    stop: () =>
      new Promise<{ times: number[]; failures: number }>((resolve) => {
        worker.once('message', (result: { times: number[]; failures: number }) => resolve(result));
        worker.postMessage('stop');
      }).finally(() => worker.terminate()),
  };
}

const scrape = async () => (await fetch(`${hearsay.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  remote = await startRemoteActor({ name: 'flood', displayName: 'Flood' });
  database = await emptyDatabase(directory.path);
  hearsay = await startServer({
    databaseUrl: database.url,
    dataDir: directory.path,
    env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'true', METRICS_TOKEN: METRICS_TOKEN },
  });
  member = await signUp(hearsay, 'Flora Flood');
}, 120_000);

afterAll(async () => {
  await stopAll();
  await remote?.close();
  await database?.drop();
  directory.remove();
});

describe('a hostile inbox flood', () => {
  it(`takes ${FLOOD} signed activities as jobs or refuses them with 429, /healthz answers throughout, nothing taken is lost`, async () => {
    // A member follows the other site's person, so what they share is kept here.
    const found = await call(hearsay, 'GET', `/api/federation/people?q=${encodeURIComponent(actorUrl())}`, { cookie: member.cookie });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    await call(hearsay, 'PUT', `/api/federation/people/${found.body.person.id}/follow`, { cookie: member.cookie });
    const follow = await eventually(
      async () => remote.received.find((activity) => activity.type === 'Follow'),
      (activity) => activity !== undefined,
      'the follow delivered',
    );
    expect((await post({ id: `${actorUrl()}#accepts/1`, type: 'Accept', object: follow!.id })).status).toBe(202);
    await eventually(
      () => call(hearsay, 'GET', `/api/federation/people?q=${encodeURIComponent(actorUrl())}`, { cookie: member.cookie }),
      (answer) => answer.body.person?.follow === 'following',
      'the follow accepted',
    );

    // Signed beforehand, so that the sender's own work does not share the machine with the site while it is timed.
    const flood: SignedPost[] = [];
    for (let index = 0; index < FLOOD; index++) flood.push(await remote.sign(sharedInbox(), rating(index)));
    // Read once, so that the site's own event-loop figures cover the flood alone (each read starts them again).
    await scrape();
    const health = sampleHealth(hearsay.url);
    await health.ready;
    const statuses = new Map<number, number>();
    const refused: number[] = [];
    let retryAfterMissing = 0;
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (next < FLOOD) {
          const index = next++;
          const response = await send(flood[index]!);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status === 429) {
            refused.push(index);
            if (!Number(response.headers.get('retry-after'))) retryAfterMissing++;
          }
        }
      }),
    );
    const floodMs = Date.now() - started;
    const { times, failures } = await health.stop();
    const accepted = statuses.get(202) ?? 0;
    // The site's own view: how long its event loop was held up at worst (prom-client samples it).
    const metrics = await scrape();
    const loopMax = Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(metrics)?.[1]) * 1000;
    reportHealthz(
      'inbox flood',
      times,
      `${FLOOD} activities in ${floodMs} ms (${accepted} queued, ${refused.length} refused with 429), ` +
        `the site's event loop held up ${loopMax.toFixed(1)} ms at most`,
    );

    expect(Object.fromEntries(statuses)).toEqual({ 202: accepted, ...(refused.length ? { 429: refused.length } : {}) });
    expect(retryAfterMissing).toBe(0);
    // The server's share of the queue was full at some point: it was refused rather than let to fill it.
    expect(refused.length).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThanOrEqual(500);
    expect(times.length).toBeGreaterThan(50);
    // Each answered 200 within the sampler's 10 s: the site stayed up while its inbox was flooded.
    expect(failures).toBe(0);

    // Every activity taken is handled: each rating is kept, none of their jobs failed.
    const db = openDatabase(database.url, { poolSize: 1 });
    try {
      const count = async (query: string) => Number((await sql.raw<{ n: number }>(query).execute(db.db)).rows[0]!.n);
      await eventually(
        () => count(`select count(*) as n from remote_post`),
        (kept) => kept === accepted,
        'every queued rating kept',
        90_000,
      );
      // The last job is marked done just after its rating is kept: none left unfinished, and none failed.
      await eventually(
        () => count(`select count(*) as n from job where kind = 'federation-inbox' and state <> 'done'`),
        (unfinished) => unfinished === 0,
        'every inbox job done',
      );

      // A refused activity was not taken as handled: sent again once the queue drained, it is.
      expect((await post(rating(refused[0]!))).status).toBe(202);
      await eventually(
        () => count(`select count(*) as n from remote_post`),
        (kept) => kept === accepted + 1,
        'the refused rating, sent again, kept',
      );
    } finally {
      await db.destroy();
    }
  }, 240_000);
});
