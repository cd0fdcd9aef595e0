import type { ChartPeriod } from '@hearsay/contracts/catalog';
import { CHART_PERIODS } from '@hearsay/contracts/constants';
import type { DB } from '../../platform/db/index.ts';
import { findJob, requeueFinished } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler, Jobs } from '../../platform/jobs/runner.ts';
import { newId } from '../../platform/ids.ts';
import type { CatalogServiceDeps } from './catalog-context.ts';
import { chartAlbumFacts, nextChartGeneration, replaceChartCounting, writeChartEntries, type ChartEntryRow } from './charts.repository.ts';

/**
 * The chart job (decision 081): counts every rating once per pass into each period's trust-weighted sums per album and
 * writes them as a new generation of `chart_entry`, which then takes the place of the last one in one transaction.
 * Slices of everyone's charts read those rows, never the ratings: a slice costs a walk of one index in score order.
 *
 * A pass keeps its sums in memory between steps. A pass whose sums were lost (the process restarted mid-way) starts
 * again from the first rating; the rows it had written belong to a generation nobody reads and are cleared by the
 * next pass that finishes.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues a counting of the charts and waits for the job to finish it: what the timer does, now. */
    countCharts: () => Promise<void>;
  }
}

export const CHART_COUNTING_JOB = 'chart-counting';
const JOB_ID = 'chart-counting';
/** Ratings read per statement, and rows written per statement. */
const READ_PAGE = 5_000;
const WRITE_PAGE = 400;
/** How often the charts are counted again while the server runs. */
export const CHART_COUNTING_EVERY_MS = 5 * 60_000;

const DAY = 86_400_000;
const PERIOD_DAYS: Record<Exclude<ChartPeriod, 'all'>, number> = { week: 7, month: 30, year: 365, decade: 3652 };

export function chartPeriodStart(period: ChartPeriod, now: Date): string | null {
  return period === 'all' ? null : new Date(now.getTime() - PERIOD_DAYS[period] * DAY).toISOString();
}

export interface ChartCountingCursor {
  /** This pass, and the instant its periods are measured from. */
  pass: string;
  now: string;
  phase: 'read' | 'write';
  /** The last rating read. */
  after: string;
  generation: number;
  /** Rows written so far in the write phase. */
  written: number;
}

interface Sums {
  ratings: number;
  weight: number;
  weighted: number;
}

interface PassState {
  /** Per period, per album. */
  albums: Map<ChartPeriod, Map<string, Sums>>;
  /** Per period, over every album: for the mean (C). */
  totals: Map<ChartPeriod, Sums>;
  weights: Map<string, number>;
  /** Per period, the largest weight among its raters: what a full rating weighs on this site (1 once it is 90 days old). */
  topWeight: Map<ChartPeriod, number>;
  rows?: ChartEntryRow[];
}

type CountingDeps = Pick<CatalogServiceDeps, 'db' | 'clock' | 'charts' | 'ratings' | 'hydrator' | 'raterWeight'>;

export function createChartCounting(deps: CountingDeps, onCounted: () => void) {
  const db: DB = deps.db;
  const passes = new Map<string, PassState>();

  function freshState(): PassState {
    return {
      albums: new Map(CHART_PERIODS.map((period) => [period, new Map()])),
      totals: new Map(CHART_PERIODS.map((period) => [period, { ratings: 0, weight: 0, weighted: 0 }])),
      weights: new Map(),
      topWeight: new Map(CHART_PERIODS.map((period) => [period, 0])),
    };
  }

  async function start(): Promise<ChartCountingCursor> {
    return {
      pass: newId(),
      now: deps.clock().toISOString(),
      phase: 'read',
      after: '',
      generation: await nextChartGeneration(db),
      written: 0,
    };
  }

  /** The weight of each rater not weighed yet in this pass (their account's age: `raterWeight`, the trust weight). */
  async function weigh(state: PassState, userIds: Iterable<string>, now: Date) {
    const unknown = [...new Set(userIds)].filter((id) => !state.weights.has(id));
    for (let index = 0; index < unknown.length; index += 500) {
      const batch = unknown.slice(index, index + 500);
      const people = await deps.hydrator.people(batch);
      for (const id of batch) {
        const person = people.get(id);
        // A rater whose account is gone counts as new.
        state.weights.set(id, deps.raterWeight(person ? person.createdAt : now, now));
      }
    }
  }

  async function read(cursor: ChartCountingCursor, state: PassState): Promise<boolean> {
    const now = new Date(cursor.now);
    const starts = CHART_PERIODS.map((period) => [period, chartPeriodStart(period, now)] as const);
    const page = await deps.ratings.ratingsAfter(cursor.after, READ_PAGE);
    if (!page.length) return false;
    await weigh(
      state,
      page.map((row) => row.user_id),
      now,
    );
    for (const row of page) {
      const weight = state.weights.get(row.user_id)!;
      const rating = Number(row.rating);
      const at = new Date(row.created_at).toISOString();
      for (const [period, since] of starts) {
        if (since !== null && at < since) continue;
        const albums = state.albums.get(period)!;
        let sums = albums.get(row.album_id);
        if (!sums) albums.set(row.album_id, (sums = { ratings: 0, weight: 0, weighted: 0 }));
        sums.ratings++;
        sums.weight += weight;
        sums.weighted += weight * rating;
        if (weight > state.topWeight.get(period)!) state.topWeight.set(period, weight);
        const total = state.totals.get(period)!;
        total.ratings++;
        total.weight += weight;
        total.weighted += weight * rating;
      }
    }
    cursor.after = page.at(-1)!.id;
    return page.length === READ_PAGE;
  }

  /** Every period's rows, scored: the Bayesian weighted rating over trust-weighted sums (decision 081). */
  async function score(cursor: ChartCountingCursor, state: PassState): Promise<ChartEntryRow[]> {
    const m = deps.charts.priorWeight;
    const facts = await chartAlbumFacts(db, [...state.albums.get('all')!.keys()]);
    const rows: ChartEntryRow[] = [];
    for (const period of CHART_PERIODS) {
      const total = state.totals.get(period)!;
      const mean = total.weight > 0 ? total.weighted / total.weight : 7;
      for (const [albumId, sums] of state.albums.get(period)!) {
        const fact = facts.get(albumId);
        // Albums waiting for confirmation (or gone) are in no chart.
        if (!fact) continue;
        const average = sums.weighted / sums.weight;
        rows.push({
          generation: cursor.generation,
          period,
          album_id: albumId,
          ratings: sums.ratings,
          weight: sums.weight,
          average,
          score: (sums.weight / (sums.weight + m)) * average + (m / (sums.weight + m)) * mean,
          release_year: fact.releaseYear,
          release_type: fact.releaseType,
          country: fact.country,
        });
      }
    }
    return rows;
  }

  function means(state: PassState) {
    return new Map(
      CHART_PERIODS.map((period) => {
        const total = state.totals.get(period)!;
        return [period, total.weight > 0 ? total.weighted / total.weight : 7] as const;
      }),
    );
  }

  const handler: JobHandler<ChartCountingCursor> = {
    async step(job, budgetMs) {
      let cursor = { ...job.cursor };
      let state = passes.get(cursor.pass);
      if (!state) {
        // A pass begun before a restart has lost its sums, so it begins again; a new pass begins here.
        if (cursor.phase !== 'read' || cursor.after !== '') cursor = await start();
        state = freshState();
        passes.set(cursor.pass, state);
      }
      const until = performance.now() + Math.max(budgetMs, 1);
      if (cursor.phase === 'read') {
        while (await read(cursor, state)) if (performance.now() >= until) return { cursor, done: false };
        state.rows = await score(cursor, state);
        cursor.phase = 'write';
        return { cursor, done: false };
      }
      const rows = state.rows ?? [];
      while (cursor.written < rows.length) {
        await writeChartEntries(db, rows.slice(cursor.written, cursor.written + WRITE_PAGE));
        cursor.written = Math.min(rows.length, cursor.written + WRITE_PAGE);
        if (performance.now() >= until && cursor.written < rows.length) return { cursor, done: false };
      }
      const now = new Date(cursor.now);
      await replaceChartCounting(
        db,
        cursor.generation,
        CHART_PERIODS.map((period) => ({ period, since: chartPeriodStart(period, now), mean: means(state).get(period)! })),
        cursor.now,
        state.topWeight,
      );
      passes.delete(cursor.pass);
      return { cursor, done: true, saved: onCounted };
    },
    async failed(job) {
      passes.delete(job.cursor.pass);
    },
  };

  /** Counts the charts now, in this process, from start to end (the command line, tests and the bench). */
  async function countNow(): Promise<void> {
    let cursor = await start();
    for (;;) {
      const step = await handler.step({ id: JOB_ID, kind: CHART_COUNTING_JOB, owner: null, cursor, attempts: 0 }, 1_000);
      cursor = step.cursor;
      if (step.done) {
        step.saved?.();
        return;
      }
    }
  }

  /** Queues a pass unless one is queued or running. */
  async function ensureQueued(jobs: Pick<Jobs, 'enqueue'>): Promise<boolean> {
    const job = await findJob(db, JOB_ID);
    if (job?.state === 'queued' || job?.state === 'running') return false;
    const cursor = await start();
    if (job) return requeueFinished(db, JOB_ID, JSON.stringify(cursor), deps.clock().toISOString());
    try {
      await jobs.enqueue({ id: JOB_ID, kind: CHART_COUNTING_JOB, owner: null, cursor });
      return true;
    } catch {
      // Another process queued it at the same moment.
      return false;
    }
  }

  /** Queues a pass (after the one under way, if any, has finished) and waits until that pass has finished. */
  async function countAndWait(jobs: Pick<Jobs, 'enqueue'>): Promise<void> {
    let queued = false;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const job = await findJob(db, JOB_ID);
      if (!queued) queued = await ensureQueued(jobs);
      else if (job?.state === 'done') {
        // The pass may have run in the job thread: this process forgets its charts now rather than when told.
        onCounted();
        return;
      } else if (job?.state === 'failed') throw new Error(`the chart counting failed: ${job.error}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('The chart counting did not finish within a minute.');
  }

  /** Counts on start and every `everyMs` after, as jobs; returns what stops it. */
  function schedule(
    jobs: Pick<Jobs, 'enqueue'>,
    log: { error(details: object, message: string): void },
    everyMs = CHART_COUNTING_EVERY_MS,
  ) {
    const check = () => void ensureQueued(jobs).catch((error: unknown) => log.error({ err: error }, 'could not queue the chart counting'));
    const first = setTimeout(check, 2_000);
    const timer = setInterval(check, everyMs);
    first.unref();
    timer.unref();
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }

  return { handler, countNow, countAndWait, ensureQueued, schedule };
}
