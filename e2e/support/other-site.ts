/**
 * A second Hearsay site for the federation journey: the real server, started as the server's own process tests start
 * one (server/test/server-process.ts), with a data directory and SQLite database of its own and federation on. People
 * on it are driven through its API; the browser stays on the end-to-end run's site.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '../../server/test/server-process.ts';

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
  const dataDir = mkdtempSync(join(tmpdir(), 'hearsay-e2e-other-site-'));
  const server = await spawnServer({
    dataDir,
    // SQLite even when the run's own site uses PostgreSQL: this site only has to answer as another server would.
    databaseUrl: `sqlite:${join(dataDir, 'hearsay.db')}`,
    env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'true' },
    readyPath: '/readyz',
    readyWithinMs: 90_000,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: server.url,
    host: new URL(server.url).host,
    output: server.output,
    async stop() {
      // Told to stop, then killed if it has not within ten seconds.
      const stopped = await Promise.race([server.kill('SIGTERM'), new Promise((resolve) => setTimeout(resolve, 10_000, null))]);
      if (stopped === null) await server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
