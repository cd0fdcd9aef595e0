/**
 * `npm start` as an operator runs it: stopping npm stops the site. A signal to npm ends the shell npm ran the start
 * script in; the start script and the server it runs must not live on holding the port. A Ctrl-C reaches every
 * process of the terminal's group at once, and the server must still close gracefully (not be cut short by a second
 * signal).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, freePort, temporaryDirectory, usingPostgres } from '../processes.ts';

const repositoryRoot = new URL('../../../', import.meta.url).pathname;
const directory = temporaryDirectory('npm-start');
let database: { url: string; drop(): Promise<void> };
const started: ChildProcess[] = [];

beforeAll(async () => {
  database = await emptyDatabase(directory.path);
});

afterAll(async () => {
  // Whatever a failed run left behind: the whole group npm led.
  for (const child of started) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await database?.drop();
  directory.remove();
});

/** Live (not zombie) processes under `root`, read from /proc: npm's shell, the start script, the server. */
function descendantsOf(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') parents.set(Number(entry), Number(parent));
    } catch {
      // ended while being read
    }
  }
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent !== pid) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}

const alive = (pid: number) => {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
};

async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
    (response) => response.ok,
    () => false,
  );
}

async function until(condition: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

/** `npm start` in a process group of its own (as a terminal would run it), on a free port; resolves once it answers. */
async function npmStart() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const npm = spawn('npm', ['start'], {
    cwd: repositoryRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      // Not the settings of the npm running these tests (a workspace of its own, among them).
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_'))),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: directory.path,
      DATABASE_URL: database.url,
      // The web app is not what this is about: the server starts without it (and a test run must not build it).
      WEB_BUILD: 'off',
      COVER_ART: 'off',
      MUSICBRAINZ: 'off',
      CATALOG_ENRICH: 'false',
      LOG_LEVEL: 'info',
    },
  });
  started.push(npm);
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ready = await until(() => answers(url), 60_000);
  if (!ready) throw new Error(`npm start did not answer within 60 s:\n${output}`);
  return { npm, url, processes: descendantsOf(npm.pid!), output: () => output };
}

describe(`npm start (${usingPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('stops the server and frees the port when npm is sent SIGTERM', { timeout: 90_000 }, async () => {
    const { npm, url, processes, output } = await npmStart();
    expect(processes.length, 'npm runs a shell, the start script and the server').toBeGreaterThanOrEqual(2);

    npm.kill('SIGTERM');
    expect(await until(async () => !(await answers(url)), 10_000), `the port is still answering:\n${output()}`).toBe(true);
    expect(await until(() => processes.every((pid) => !alive(pid)), 10_000), 'no process of npm start is left').toBe(true);
    expect(output()).toContain('SIGTERM received, closing');
  });

  it('closes the server gracefully on a Ctrl-C (SIGINT to the whole group)', { timeout: 90_000 }, async () => {
    const { npm, url, processes, output } = await npmStart();

    process.kill(-npm.pid!, 'SIGINT');
    expect(await until(async () => !(await answers(url)), 10_000), `the port is still answering:\n${output()}`).toBe(true);
    expect(await until(() => processes.every((pid) => !alive(pid)), 10_000), 'no process of npm start is left').toBe(true);
    expect(output()).toContain('received, closing');
    expect(output(), 'one signal reached the server, not a second that cuts its shutdown short').not.toContain('second SIGINT');
  });
});
