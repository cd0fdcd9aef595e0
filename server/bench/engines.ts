/**
 * Which database `bench/run.ts` measures (BENCH_ENGINES), and the run that measures both: it runs the bench once per
 * engine, one after the other, each in its own process with its own servers and floor, and prints one table with
 * PostgreSQL's figures beside SQLite's. Each engine's run leaves its figures in a JSON file for it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, table, thousands } from './harness.ts';

export type Engine = 'sqlite' | 'postgres';

export const ENGINE_NAMES: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** Set by the run that measures both engines: where one engine's run writes its report. */
export const REPORT_FILE_ENV = 'HEARSAY_BENCH_REPORT';

/**
 * BENCH_ENGINES: `sqlite`, `postgres` or `sqlite,postgres`. Without it, PostgreSQL when BENCH_DATABASE_URL is given
 * (as before there was a choice), SQLite otherwise. PostgreSQL needs BENCH_DATABASE_URL.
 */
export function chosenEngines(env: NodeJS.ProcessEnv = process.env): Engine[] {
  const listed = (env.BENCH_ENGINES ?? (env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite')).split(',').map((name) => name.trim());
  const engines = [...new Set(listed)];
  for (const engine of engines)
    if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`BENCH_ENGINES: "${engine}" is neither sqlite nor postgres`);
  if (engines.includes('postgres') && !env.BENCH_DATABASE_URL)
    throw new Error('BENCH_ENGINES names postgres: give the server as BENCH_DATABASE_URL=postgres://…');
  return engines as Engine[];
}

/** One path's medians in one engine's run. Ratios are null where there was nothing to divide by. */
export interface ReportRow {
  key: string;
  label: string;
  connections: number;
  rps: number;
  bareRps: number | null;
  overBare: number | null;
  overFloor: number | null;
  cpuUs: number | null;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  goal: string;
  met: string;
}

export interface HealthRow {
  during: string;
  connections: number;
  idleP99: number;
  busyP99: number;
  met: string;
}

/** What one engine's run measured: its conditions, its paths, /healthz while busy, and its lines of prose. */
export interface EngineReport {
  engine: Engine;
  conditions: string;
  rows: ReportRow[];
  health: HealthRow[];
  notes: string[];
}

export const ratioText = (ratio: number | null) => (ratio === null ? '—' : ratio.toFixed(3));

/**
 * Runs `script` once per engine (SQLite first), each run printing its own output as it goes, then prints the paths of
 * both in one table. Returns the exit status: not 0 when a run failed (what the other measured is still printed).
 */
export function runEachEngine(engines: readonly Engine[], script: string): number {
  mkdirSync(cacheDir, { recursive: true });
  const reports: EngineReport[] = [];
  let status = 0;
  for (const engine of engines) {
    const file = join(cacheDir, `report-${process.pid}-${engine}.json`);
    process.stdout.write(`\n# ${ENGINE_NAMES[engine]}\n\n`);
    const run = spawnSync(process.execPath, [...process.execArgv, script], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_ENGINES: engine, [REPORT_FILE_ENV]: file },
    });
    if (run.status !== 0) status = run.status ?? 1;
    try {
      reports.push(JSON.parse(readFileSync(file, 'utf8')) as EngineReport);
    } catch {
      process.stdout.write(`\n${ENGINE_NAMES[engine]}: the run left no figures (exit status ${run.status ?? run.signal}).\n`);
    }
    rmSync(file, { force: true });
  }
  if (reports.length > 0)
    process.stdout.write(`\n# ${reports.map((report) => ENGINE_NAMES[report.engine]).join(' and ')}\n\n${bothEngines(reports)}`);
  return status;
}

/** The paths of every engine's report side by side, then /healthz while busy, then each run's conditions and notes. */
export function bothEngines(reports: readonly EngineReport[]): string {
  const keys = [...new Set(reports.flatMap((report) => report.rows.map((row) => row.key)))];
  const rowOf = (report: EngineReport, key: string) => report.rows.find((row) => row.key === key);
  const names = reports.map((report) => ENGINE_NAMES[report.engine]);
  const paths = table(
    [
      'path',
      'conn.',
      ...names.flatMap((name) => [`${name} req/s`, '× floor', '× bare', 'p95 ms']),
      'goal',
      ...names.map((name) => `met (${name})`),
    ],
    keys.map((key) => {
      const first = reports.map((report) => rowOf(report, key)).find((row) => row !== undefined)!;
      return [
        first.label,
        first.connections,
        ...reports.flatMap((report) => {
          const row = rowOf(report, key);
          return row ? [thousands(row.rps), ratioText(row.overFloor), ratioText(row.overBare), row.p95] : ['—', '—', '—', '—'];
        }),
        first.goal,
        ...reports.map((report) => rowOf(report, key)?.met ?? '—'),
      ];
    }),
  );
  const healthKeys = [...new Set(reports.flatMap((report) => report.health.map((row) => `${row.during}|${row.connections}`)))];
  const health = healthKeys.length
    ? '\n/healthz p99 while idle and while busy (goal: busy ≤ 3× idle):\n\n' +
      table(
        ['while', 'conn.', ...names.flatMap((name) => [`${name} idle p99 ms`, 'busy p99 ms', '× idle', 'met'])],
        healthKeys.map((key) => {
          const [during, connections] = key.split('|');
          return [
            during!,
            connections!,
            ...reports.flatMap((report) => {
              const row = report.health.find((candidate) => `${candidate.during}|${candidate.connections}` === key);
              return row ? [row.idleP99, row.busyP99, (row.busyP99 / row.idleP99).toFixed(1), row.met] : ['—', '—', '—', '—'];
            }),
          ];
        }),
      )
    : '';
  const notes = reports
    .map((report) => `\n${ENGINE_NAMES[report.engine]}: ${report.conditions}\n${report.notes.map((note) => `- ${note}\n`).join('')}`)
    .join('');
  return `${paths}${health}${notes}`;
}
