/**
 * Real server processes for the operations tests: `node server/src/main.ts` as a child process on a free port, with
 * its own data directory, as an operator would start it. Every process started here is killed by `stopAll()`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { spawnServer, type ServerProcess } from './server-process.ts';

export { freePort, type ServerProcess } from './server-process.ts';

export const usingPostgres = inject('templateDatabase').startsWith('postgres');

const running = new Set<ServerProcess>();

/** Starts a server and waits until it answers /healthz (or ended, which rejects with its output). */
export async function startServer(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  /** A port of its own by default; a restarted process takes its old one. */
  port?: number;
}): Promise<ServerProcess> {
  const server = await spawnServer(options);
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}

/** Kills every server process still running (for afterAll / finally). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.kill('SIGKILL')));
}

export function temporaryDirectory(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(inject('testRoot'), `${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * An empty database nobody has migrated: a new file in `directory` on SQLite, a new PostgreSQL database (dropped by
 * `drop()`) when the run uses PostgreSQL.
 */
export async function emptyDatabase(directory: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject('templateDatabase');
  if (!template.startsWith('postgres')) return { url: `sqlite:${join(directory, 'hearsay.db')}`, drop: async () => {} };
  const adminUrl = new URL(template);
  adminUrl.pathname = '/postgres';
  const name = `hearsay_ops_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(template);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** JSON over real HTTP, as a browser on the site's own origin would send it. */
export async function call(
  server: { url: string },
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer of whichever route was asked
): Promise<{ status: number; body: any; headers: Headers; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      origin: server.url,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; kept as text
  }
  return { status: response.status, body, headers: response.headers, ms: Date.now() - started };
}

/** Signs a person up through the API; returns their id and session cookie. */
export async function signUp(server: { url: string }, name: string): Promise<{ id: string; cookie: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '')}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name, email, password: 'Correct-Horse-Battery-9' }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => value.includes('hearsay.session_token='));
  if (!cookie) throw new Error('no session cookie was set');
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, cookie: cookie.split(';')[0]! };
}
