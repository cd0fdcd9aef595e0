/**
 * One real Hearsay server as a child process (`node server/src/main.ts` on a loopback port, production mode, the
 * outside services off), for tests that need the site as an operator runs it. Free of the test runner, so that the
 * server's process tests (processes.ts) and the browser journeys' second site (e2e/support/other-site.ts) start it
 * the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<string>;
  kill(signal?: NodeJS.Signals): Promise<string>;
}

/**
 * Starts a server and waits until `readyPath` answers (or the process ended, which rejects with its output). A server
 * not ready in time is killed.
 */
export async function spawnServer(options: {
  databaseUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  /** A port of its own by default; a restarted process takes its old one. */
  port?: number;
  readyPath?: '/healthz' | '/readyz';
  readyWithinMs?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      COVER_ART: 'off',
      MUSICBRAINZ: 'off',
      CATALOG_ENRICH: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
      ...options.env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  let ended = false;
  void exited.then(() => (ended = true));
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (ended) throw new Error(`the server ended before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`the server was not ready within ${readyWithinMs / 1000} s:\n${output}`);
    }
    const ready = await fetch(`${url}${options.readyPath ?? '/healthz'}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
