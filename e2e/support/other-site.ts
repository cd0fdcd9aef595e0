/**
 * A second Hearsay site for the federation journey: the real server (`node server/src/main.ts`) as a child process on a
 * free loopback port, with a data directory and SQLite database of its own and federation on, as
 * server/test/processes.ts starts one for the server's federation tests (which this cannot import: it reads the
 * vitest run's settings). People on it are driven through its API; the browser stays on the end-to-end run's site.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MAIN = new URL('../../server/src/main.ts', import.meta.url).pathname;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface OtherSite {
  /** Its public address, `http://127.0.0.1:PORT`. */
  url: string;
  /** `127.0.0.1:PORT`, as handles and the feed name the site. */
  host: string;
  /** What the process wrote so far, for a failure's message. */
  output(): string;
  /** Ends the process and removes its data. */
  stop(): Promise<void>;
}

/** Starts the site and waits until it is ready (its database migrated, the starter catalog loaded). */
export async function startOtherSite(): Promise<OtherSite> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'hearsay-e2e-other-site-'));
  const child = spawn(process.execPath, [MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      // SQLite even when the run's own site uses PostgreSQL: this site only has to answer as another server would.
      DATABASE_URL: `sqlite:${join(dataDir, 'hearsay.db')}`,
      FEDERATION: 'on',
      FEDERATION_ALLOW_PRIVATE: 'true',
      COVER_ART: 'off',
      MUSICBRAINZ: 'off',
      CATALOG_ENRICH: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  const site: OtherSite = {
    url,
    host: `127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (!ended) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (!ended) child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (ended) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the other site ended before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      await site.stop();
      throw new Error(`the other site was not ready within 90 s:\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return site;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** JSON over HTTP to the site, as its own web app sends it (same origin, the member's session cookie). */
export async function callSite(
  site: { url: string },
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown; setCookies: string[] }> {
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      origin: site.url,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; kept as text
  }
  return { status: response.status, body, setCookies: response.headers.getSetCookie() };
}

/** Signs a person up on the site through its API: their session cookie and the username the site gave them. */
export async function signUpOn(site: OtherSite, name: string): Promise<{ cookie: string; username: string }> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const registered = await callSite(site, 'POST', '/api/auth/register', {
    body: { name, email: `listener-${stamp}@example.com`, password: 'Quiet-Library-42!' },
  });
  if (registered.status !== 200) throw new Error(`sign-up failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const cookie = registered.setCookies.find((value) => value.includes('hearsay.session_token='));
  if (!cookie) throw new Error('no session cookie was set');
  const session = cookie.split(';')[0]!;
  const me = await callSite(site, 'GET', '/api/me', { cookie: session });
  return { cookie: session, username: (me.body as { user: { username: string } }).user.username };
}
