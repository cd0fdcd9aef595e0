import { createServer, type AddressInfo } from 'node:net';
import { capturedLogs } from '../../../test/logs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { outboxMail } from '../../../test/outbox.ts';
import { listen, openTab, TEST_SITE } from '../../../test/realtime.ts';
import { createUser } from '../../../test/users.ts';
import { insertQueuedJob } from '../jobs/runner.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample in Prometheus text (`name{labels} value`), or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  /** Scrapes until `check` holds (counters bumped after an answer has gone out), up to 5 s. */
  const eventually = async (check: (text: string) => boolean) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const text = await scrape();
      if (check(text) || Date.now() > deadline) return text;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, PUBLIC_URL: TEST_SITE } });
  });
  afterAll(() => t.close());

  it('answers 401 without the token, with a wrong one, and with a personal access token’s shape', async () => {
    const none = await t.inject('/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).not.toContain('hearsay_');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer hsy_notatoken', `Basic ${TOKEN}`]) {
      const wrong = await t.inject({ url: '/metrics', headers: { authorization } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe('unauthorized');
    }
  });

  it('serves Prometheus text with requests counted by route pattern, never the address asked for', async () => {
    const missing = await t.inject('/api/albums/no-such-album-4711');
    expect(missing.statusCode).toBe(404);
    await t.inject('/no/such/file.txt?x=1');
    const response = await t.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(sample(text, 'hearsay_http_requests_total{method="GET",route="/api/albums/:albumId",status="404"}')).toBe(1);
    expect(sample(text, 'hearsay_http_request_duration_seconds_count{method="GET",route="/api/albums/:albumId",status="404"}')).toBe(1);
    expect(text).not.toContain('no-such-album-4711');
    expect(text).not.toContain('/no/such/file.txt');
    expect(text).toMatch(/hearsay_http_requests_total\{method="GET",route="unmatched",status="\d+"\}/);
    // The process's own: event-loop delay and memory; the database's queries by kind.
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toMatch(/hearsay_db_query_duration_seconds_count\{dialect="(sqlite|postgres)",kind="select"\} [1-9]/);
    if (t.database.dialect === 'postgres') expect(text).toMatch(/hearsay_db_pool_connections\{state="total"\} [1-9]/);
  });

  it('counts jobs by state and kind when scraped', async () => {
    // A kind no handler runs: it stays queued.
    await insertQueuedJob(t.db, new Date().toISOString(), { kind: 'metrics_probe', owner: null, cursor: {} });
    await insertQueuedJob(t.db, new Date().toISOString(), { kind: 'metrics_probe', owner: null, cursor: {} });
    const text = await scrape();
    expect(sample(text, 'hearsay_jobs{state="queued",kind="metrics_probe"}')).toBe(2);
    expect(text).toContain('# TYPE hearsay_job_failures_total counter');
  });

  it('counts an e-mail sent (a password reset, to the development outbox)', async () => {
    const before = sample(await scrape(), 'hearsay_emails_total{outcome="sent"}') ?? 0;
    const person = await createUser(t);
    const asked = await t.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.user.email } });
    expect(asked.statusCode).toBe(200);
    expect(await outboxMail(t.config.dataDir, person.user.email)).toMatch(/reset/i);
    const text = await eventually((scraped) => (sample(scraped, 'hearsay_emails_total{outcome="sent"}') ?? 0) > before);
    expect(sample(text, 'hearsay_emails_total{outcome="sent"}')).toBe(before + 1);
  });

  it('counts open WebSocket connections', async () => {
    const port = await listen(t);
    const person = await createUser(t);
    expect(sample(await scrape(), 'hearsay_websocket_connections')).toBe(0);
    const tab = await openTab(port, person);
    try {
      expect(sample(await scrape(), 'hearsay_websocket_connections')).toBe(1);
      // Over the network too, with the token, from the port the site listens on.
      const overHttp = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(overHttp.status).toBe(200);
      expect(sample(await overHttp.text(), 'hearsay_websocket_connections')).toBe(1);
    } finally {
      tab.close();
    }
    const text = await eventually((scraped) => sample(scraped, 'hearsay_websocket_connections') === 0);
    expect(sample(text, 'hearsay_websocket_connections')).toBe(0);
  });
});

describe('/metrics on a port of its own (METRICS_PORT)', () => {
  let t: TestApp;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestApp({ env: { METRICS_PORT: String(metricsPort) } });
  });
  afterAll(() => t.close());

  it('is not answered on the main port, and is on its own', async () => {
    const main = await t.inject('/metrics');
    expect(main.statusCode).toBe(404);
    expect(main.headers['content-type']).toMatch(/^application\/json/);
    await t.inject('/healthz');
    const own = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(own.status).toBe(200);
    const text = await own.text();
    expect(sample(text, 'hearsay_http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(1);
  });
});

describe('/metrics with neither METRICS_TOKEN nor METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not served at all', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('hearsay_http');
    }
  });
});

describe('request ids', () => {
  let t: TestApp;
  const { lines, logger } = capturedLogs();
  beforeAll(async () => {
    t = await createTestApp({
      logger: logger('info'),
      routes: (app) => {
        app.get('/test/boom', async () => {
          throw new Error('the disk is on fire');
        });
      },
    });
  });
  afterAll(() => t.close());

  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('gives every answer an X-Request-Id, and every error body the same id', async () => {
    const ok = await t.inject('/healthz');
    expect(ok.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    const other = await t.inject('/healthz');
    expect(other.headers['x-request-id']).not.toBe(ok.headers['x-request-id']);

    const missing = await t.inject('/api/albums/no-such-album');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('album_not_found');
    expect(missing.json().error.requestId).toBe(missing.headers['x-request-id']);
    // Answers no route gave, and refusals from a hook before any route.
    const unknown = await t.inject('/api/nothing-here');
    expect(unknown.json().error.requestId).toBe(unknown.headers['x-request-id']);
    const badToken = await t.inject({ url: '/api/me', headers: { authorization: 'Bearer hsy_nope' } });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json().error.requestId).toBe(badToken.headers['x-request-id']);
  });

  it('keeps a plain incoming X-Request-Id and replaces anything else', async () => {
    const kept = await t.inject({ url: '/api/albums/no-such-album', headers: { 'x-request-id': 'edge-4f2a.9_b' } });
    expect(kept.headers['x-request-id']).toBe('edge-4f2a.9_b');
    expect(kept.json().error.requestId).toBe('edge-4f2a.9_b');
    for (const malicious of ['abc\ninjected": true', '<script>alert(1)</script>', 'a'.repeat(65), 'x y', '']) {
      const replaced = await t.inject({ url: '/healthz', headers: { 'x-request-id': malicious } });
      expect(replaced.headers['x-request-id']).not.toBe(malicious);
      expect(replaced.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    }
  });

  it('writes the id on its log lines: a 5xx with the error’s stack, a 4xx at info without one', async () => {
    lines.length = 0;
    const failed = await t.inject({ url: '/test/boom', headers: { 'x-request-id': 'trace-500' } });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error).toMatchObject({ code: 'internal_error', requestId: 'trace-500' });
    expect(failed.body).not.toContain('the disk is on fire');
    const error = logged().find((line) => line.reqId === 'trace-500' && line.level === 50);
    expect(error).toBeDefined();
    expect((error!.err as { stack: string }).stack).toContain('the disk is on fire');

    await t.inject({ url: '/api/albums/no-such-album', headers: { 'x-request-id': 'trace-404' } });
    const mine = logged().filter((line) => line.reqId === 'trace-404');
    const refusal = mine.find((line) => line.code === 'album_not_found');
    expect(refusal).toMatchObject({ level: 30, statusCode: 404 });
    expect(refusal!.err).toBeUndefined();
    expect(mine.every((line) => (line.level as number) < 50)).toBe(true);
    expect(mine.some((line) => line.msg === 'request completed')).toBe(true);
  });
});
