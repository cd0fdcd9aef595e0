/**
 * nginx in front of real server processes, with TLS, as `deploy/nginx/hearsay.conf` sets it up for an operator: the
 * same file, with only its addresses, ports and certificate paths changed. Needs nginx (Debian's `nginx` package)
 * and openssl on the machine; CI installs nginx.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import WebSocket from 'ws';
import { makeCertificate } from './certificate.ts';

export const SITE_CONFIG = new URL('../../deploy/nginx/hearsay.conf', import.meta.url).pathname;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

export interface Nginx {
  /** https://127.0.0.1:port — the site's public address. */
  url: string;
  httpPort: number;
  certificate: string;
  /** The master process (its workers are its children). */
  pid: number;
  /** Which upstream (host:port) answered each request, in order (nginx's access log). */
  upstreams(): string[];
  /**
   * Takes the process on `port` out of the upstream group (`down`) or puts it back, as an operator edits the site
   * file, and reloads nginx; resolves once the new workers have taken over.
   */
  setDown(port: number, down: boolean): Promise<void>;
  output(): string;
  stop(): Promise<void>;
}

/** The operator's site file with this run's values in place of the example's; each replaced value must be there. */
export function siteConfig(values: {
  httpsPort: number;
  httpPort: number;
  upstreams: [number, number];
  certificate: string;
  key: string;
}): string {
  let text = readFileSync(SITE_CONFIG, 'utf8');
  const replace = (from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`deploy/nginx/hearsay.conf no longer has "${from}"; update server/test/nginx.ts`);
    text = text.replaceAll(from, to);
  };
  replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${values.upstreams[0]} `);
  replace('server 127.0.0.1:3002 ', `server 127.0.0.1:${values.upstreams[1]} `);
  replace('listen 443 ssl http2;', `listen 127.0.0.1:${values.httpsPort} ssl http2;`);
  replace('listen 80;', `listen 127.0.0.1:${values.httpPort};`);
  replace('/etc/letsencrypt/live/music.example.org/fullchain.pem', values.certificate);
  replace('/etc/letsencrypt/live/music.example.org/privkey.pem', values.key);
  replace('server_name music.example.org;', 'server_name 127.0.0.1;');
  return text;
}

export async function startNginx(options: {
  directory: string;
  httpsPort: number;
  httpPort: number;
  upstreams: [number, number];
  /** nginx's workers: one, for up to 1,024 connections, unless given (the load bench holds thousands). */
  workers?: { processes: number | 'auto'; connections: number };
}): Promise<Nginx> {
  if (!NGINX) throw new Error('nginx is not installed: apt-get install nginx (the several-servers test runs it)');
  const { directory } = options;
  const { certificate, key } = makeCertificate(directory);
  writeFileSync(join(directory, 'hearsay.conf'), siteConfig({ ...options, certificate, key }));
  for (const name of ['body', 'proxy']) mkdirSync(join(directory, name), { recursive: true });
  const accessLog = join(directory, 'access.log');
  // The main file an nginx package would ship, reduced to what a test needs, writing only under `directory`.
  writeFileSync(
    join(directory, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      `worker_processes ${options.workers?.processes ?? 1};`,
      `pid ${join(directory, 'nginx.pid')};`,
      `error_log ${join(directory, 'error.log')} warn;`,
      `events { worker_connections ${options.workers?.connections ?? 1024}; }`,
      'http {',
      '  log_format upstream "$upstream_addr";',
      `  access_log ${accessLog} upstream;`,
      `  client_body_temp_path ${join(directory, 'body')};`,
      `  proxy_temp_path ${join(directory, 'proxy')};`,
      `  fastcgi_temp_path ${join(directory, 'proxy')};`,
      `  uwsgi_temp_path ${join(directory, 'proxy')};`,
      `  scgi_temp_path ${join(directory, 'proxy')};`,
      `  include ${join(directory, 'hearsay.conf')};`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-e', join(directory, 'error.log'), '-c', join(directory, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `https://127.0.0.1:${options.httpsPort}`;
  const certificateText = readFileSync(certificate, 'utf8');
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx ended: ${output}${readIfThere(join(directory, 'error.log'))}`);
    const up = await send({ url, certificate: certificateText }, 'GET', '/healthz').then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer within 10 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    httpPort: options.httpPort,
    certificate: certificateText,
    pid: child.pid!,
    upstreams: () =>
      readIfThere(accessLog)
        .split('\n')
        .filter(Boolean)
        .flatMap((line) => line.split(', ')),
    output: () => output + readIfThere(join(directory, 'error.log')),
    async setDown(port, down) {
      const file = join(directory, 'hearsay.conf');
      const line = new RegExp(`(server 127\\.0\\.0\\.1:${port} [^;\\n]*?)( down)?;`);
      if (!line.test(readFileSync(file, 'utf8'))) throw new Error(`no upstream on port ${port}`);
      writeFileSync(file, readFileSync(file, 'utf8').replace(line, down ? '$1 down;' : '$1;'));
      execFileSync(NGINX, ['-e', join(directory, 'error.log'), '-c', join(directory, 'nginx.conf'), '-s', 'reload']);
      // The old workers stop taking connections once the new ones are up; a moment covers that on any machine.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

function readIfThere(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer of whichever route was asked
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * One request as a browser on the site would send it (the site's Origin, a cookie), to the proxy over HTTPS or to a
 * process directly, from a chosen local address (`127.0.0.x`: every loopback address reaches the machine, and each is
 * a different client). Rejects on a network error; any HTTP status resolves.
 */
export function send(
  site: { url: string; certificate: string },
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; from?: string; headers?: Record<string, string>; to?: string } = {},
): Promise<Answer> {
  const target = new URL(path, options.to ?? site.url);
  const requestOver = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = requestOver(
      target,
      {
        method,
        ca: site.certificate,
        agent: false,
        localAddress: options.from,
        timeout: 30_000,
        headers: {
          origin: site.url,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON; kept as text
          }
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** The session cookie (`name=value`) an answer set. */
export function sessionFrom(answer: Answer): string {
  const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const session = cookies.find((value) => /^(__Secure-)?hearsay\.session_token=/.test(value));
  if (!session) throw new Error(`no session cookie was set (${answer.status} ${JSON.stringify(answer.body)})`);
  return session.split(';')[0]!;
}

/** A WebSocket to the site's /realtime through the proxy, as a signed-in page opens it. */
export function openSocket(site: { url: string; certificate: string }, cookie: string): WebSocket {
  return new WebSocket(`${site.url.replace(/^https/, 'wss')}/realtime`, { ca: site.certificate, headers: { origin: site.url, cookie } });
}
