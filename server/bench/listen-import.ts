/**
 * Importing a big listening history: generates a ListenBrainz export ZIP of LISTENS listens (default 1,000,000, in
 * the layout of its export writer: `listens/<year>/<month>.jsonl`), starts the real server on a fresh SQLite database,
 * uploads the ZIP as a member, and polls /healthz every 20 ms until the import's job is done. Prints the listens
 * stored per second (from the upload answered to the job done) and /healthz's latencies meanwhile.
 *
 *   node bench/listen-import.ts            # 1,000,000 listens
 *   LISTENS=100000 node bench/listen-import.ts
 */
import { createWriteStream, existsSync, mkdirSync, openAsBlob, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServer, type ServerProcess } from '../test/server-process.ts';
import { Zip, ZipDeflate } from 'fflate';

const serverDir = new URL('..', import.meta.url).pathname;
const cacheDir = join(serverDir, '..', '.bench', 'listen-import');
const LISTENS = Number(process.env.LISTENS ?? 1_000_000);
const PER_MONTH = 20_000;

/** A listen shaped like ListenBrainz's export lines (fixtures/listenbrainz_listens.jsonl), numbered. */
function listenLine(index: number, at: number): string {
  const artist = `Bench Artist ${index % 997}`;
  return JSON.stringify({
    inserted_at: at + 30,
    listened_at: at,
    track_metadata: {
      track_name: `Bench Track ${index}`,
      artist_name: artist,
      release_name: `Bench Album ${index % 4999}`,
      recording_msid: '03dcc65c-0e01-4f25-aa1f-0f469d10e2ad',
      mbid_mapping: null,
      additional_info: { duration_ms: 200_000 + (index % 60_000), submission_client: 'bench', music_service: 'spotify.com' },
    },
  });
}

/** Writes the ZIP once per size; it is reused by later runs. */
async function exportZip(): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const path = join(cacheDir, `listenbrainz-${LISTENS}.zip`);
  if (existsSync(path)) return path;
  const out = createWriteStream(`${path}.part`);
  const zip = new Zip((error, chunk, final) => {
    if (error) throw error;
    out.write(chunk);
    if (final) out.end();
  });
  const user = new ZipDeflate('user.json');
  zip.add(user);
  user.push(new TextEncoder().encode('{"user_id": 1, "username": "bench"}\n'), true);
  const start = Date.UTC(2015, 0, 1) / 1000;
  for (let first = 0; first < LISTENS; first += PER_MONTH) {
    const month = Math.floor(first / PER_MONTH);
    const entry = new ZipDeflate(`listens/${2015 + Math.floor(month / 12)}/${(month % 12) + 1}.jsonl`, { level: 6 });
    zip.add(entry);
    const lines: string[] = [];
    for (let index = first; index < Math.min(LISTENS, first + PER_MONTH); index++) lines.push(listenLine(index, start + index * 120));
    entry.push(new TextEncoder().encode(`${lines.join('\n')}\n`), true);
    await new Promise((resolve) => setImmediate(resolve));
  }
  zip.end();
  await new Promise<void>((resolve) => out.on('close', () => resolve()));
  renameSync(`${path}.part`, path);
  return path;
}

/** The real server on a port of its own, ready once `/readyz` answers (its catalog and caches loaded). */
function startServer(dataDir: string): Promise<ServerProcess> {
  return spawnServer({
    databaseUrl: `sqlite:${join(dataDir, 'hearsay.db')}`,
    dataDir: dataDir,
    env: {
      LOG_LEVEL: 'warn',
      COVER_ART: 'off',
      CATALOG_AUTOLOAD: 'false',
      MUSICBRAINZ: 'off',
      RATE_LIMIT_MULTIPLIER: '100',
      IMPORT_LISTENS_MAX_MB: '2000',
    },
    readyPath: '/readyz',
    readyWithinMs: 120_000,
  });
}

/** CPU seconds the server process has used (user and system, all its threads), from /proc; null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function main() {
  const zipPath = await exportZip();
  console.log(`export: ${LISTENS.toLocaleString('en')} listens, ${(statSync(zipPath).size / 2 ** 20).toFixed(1)} MB (${zipPath})`);
  const dataDir = join(cacheDir, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const server = await startServer(dataDir);
  const base = server.url;
  try {
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: 'Bench Listener', email: 'bench-listener@example.com', password: 'Correct-Horse-Battery-9' }),
    });
    if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const cookie = registered.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');

    // The same polling with nothing imported, first: on a shared machine, what /healthz costs anyway.
    const baseline: number[] = [];
    const baselineUntil = performance.now() + 10_000;
    while (performance.now() < baselineUntil) {
      const started = performance.now();
      await fetch(`${base}/healthz`).then((response) => response.arrayBuffer());
      baseline.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const idle = [...baseline].sort((a, b) => a - b);
    console.log(
      `/healthz before the import (10 s): p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms, max ${(idle.at(-1) ?? 0).toFixed(1)} ms`,
    );

    const latencies: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const started = performance.now();
        await fetch(`${base}/healthz`).then((response) => response.arrayBuffer());
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const form = new FormData();
    form.append('file', await openAsBlob(zipPath), 'listenbrainz_bench.zip');
    const uploadStarted = performance.now();
    const answer = await fetch(`${base}/api/imports/listens`, { method: 'POST', body: form, headers: { cookie, origin: base } });
    if (answer.status !== 202) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
    const { id } = (await answer.json()) as { id: string };
    const accepted = performance.now();
    const cpuBefore = cpuSeconds(server.child.pid);
    console.log(`upload answered in ${((accepted - uploadStarted) / 1000).toFixed(1)} s`);
    let job: { status: string; processed: number; summary: { listensImported: number; skipped: number } };
    let shown = 0;
    let firstRead = 0;
    for (;;) {
      job = (await (await fetch(`${base}/api/imports/${id}`, { headers: { cookie } })).json()) as typeof job;
      if (!firstRead && job.processed > 0) firstRead = performance.now();
      if (job.status !== 'running') break;
      if (performance.now() - shown > 5000) {
        shown = performance.now();
        console.log(`  ${job.processed.toLocaleString('en')} read`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - accepted) / 1000;
    const cpuAfter = cpuSeconds(server.child.pid);
    polling = false;
    await poller;
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`import ${job.status}: ${job.summary.listensImported.toLocaleString('en')} listens stored, ${job.summary.skipped} skipped`);
    console.log(
      `listens/s: ${Math.round(job.summary.listensImported / seconds).toLocaleString('en')} (${seconds.toFixed(1)} s from the upload answered)`,
    );
    if (cpuBefore !== null && cpuAfter !== null) {
      const cpu = cpuAfter - cpuBefore;
      // What the wall clock hides on a shared machine: the server's own CPU time for the import (all its threads).
      console.log(
        `server CPU time: ${cpu.toFixed(1)} s, ${Math.round(job.summary.listensImported / cpu).toLocaleString('en')} listens per CPU second`,
      );
    }
    if (firstRead)
      console.log(`  the job thread's first step came ${((firstRead - accepted) / 1000).toFixed(1)} s after the upload was answered`);
    console.log(
      `/healthz during the import: ${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
    );
  } finally {
    await server.kill('SIGTERM');
  }
}

await main();
