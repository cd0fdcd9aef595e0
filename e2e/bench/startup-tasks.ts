/**
 * `npm run bench:web:tasks`: where a page's blocking time comes from, for the pages `bench:web` measures. Each page is
 * opened BENCH_WEB_RUNS times (default 3) in a fresh Chromium with the CPU slowed BENCH_WEB_CPU times (default 4,
 * Lighthouse's mobile factor, applied for real rather than simulated), traced with a sampled CPU profile from the start
 * of navigation until two seconds after the app has taken the page over. For every task of 50 ms or more from the first
 * contentful paint on, it says when it ran, how long, what the browser did in it (style, layout, script evaluation,
 * microtasks, timers) and which of the app's files ran in it. A tool to find the next long task, not a score: the
 * blocking time here is real, Lighthouse's (`bench:web`) is simulated, and the two differ.
 */
import { chromium, type CDPSession } from '@playwright/test';
import { basename } from 'node:path';
import { cleanUp, cleanups, preparePages, startHearsay, type Page } from './hearsay-site.ts';

const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const slowdown = Number(process.env.BENCH_WEB_CPU ?? 4);
const only = process.env.BENCH_WEB_ONLY?.split(',').map((name) => name.trim());
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Every run's tasks, not only the median run's: for comparing two builds task by task. */
const everyRun = process.env.BENCH_WEB_EVERY_RUN === '1';
/**
 * A task counts from this long; what is over it is blocking time (as in Lighthouse's TBT). At full speed
 * (BENCH_WEB_CPU=1), BENCH_WEB_LONG_MS=12.5 lists the tasks Lighthouse's simulation, which multiplies what it observed
 * at full speed by 4, makes long.
 */
const LONG_MS = Number(process.env.BENCH_WEB_LONG_MS ?? 50);
/** Also list, under each task, the functions that spent its time themselves, by file and line (framework's included). */
const bySelf = process.env.BENCH_WEB_SELF === '1';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Which profile a Profile or ProfileChunk event belongs to: one per thread sampled. */
  id?: string;
  args?: { name?: string; data?: ProfileData };
}

interface ProfileData {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
}

interface LongTask {
  /** From the first contentful paint, ms. */
  at: number;
  duration: number;
  /** What the browser did in it, outermost first: ms by kind of work. */
  work: [string, number][];
  /** The files whose code ran in it, by share of the samples. */
  files: [string, number][];
  /** The app's own functions it ran in (the innermost outside the framework's file), by share of the samples. */
  functions: [string, number][];
  /** The functions whose own code ran in it, with file and line, by share of the samples (BENCH_WEB_SELF). */
  selves: [string, number][];
}

interface Run {
  blocking: number;
  tasks: LongTask[];
}

/** Kinds of work a task is made of; an event inside another of these counts as part of the outer one. */
const WORK = new Set([
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'MinorGC',
  'MajorGC',
  'DocumentLoader::CommitNavigation',
]);

async function trace(page: Page): Promise<Run> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  cleanups.push(() => browser.close());
  try {
    // Lighthouse's mobile screen.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (page.headers) await context.setExtraHTTPHeaders(page.headers);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const events = await record(cdp, async () => {
      await tab.goto(page.url, { waitUntil: 'load' });
      if (new URL(tab.url()).pathname !== new URL(page.url).pathname)
        throw new Error(`${page.name}: ended on ${tab.url()}, not ${page.url}`);
      // The app marks the page ready once it has taken it over (start.tsx). Asked through the protocol: Playwright's
      // own waiting would inject its script into the page, a long task of its own on a slowed CPU.
      const deadline = Date.now() + 60_000;
      const ready = async () =>
        (await cdp.send('Runtime.evaluate', { expression: "document.documentElement.hasAttribute('data-ready')", returnByValue: true }))
          .result.value === true;
      while (!(await ready())) {
        if (Date.now() > deadline) throw new Error(`${page.name}: the app did not take the page over within a minute`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    });
    return longTasks(events);
  } finally {
    await browser.close();
  }
}

async function record(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-v8.cpu_profiler',
      // Samples every 100 µs rather than every millisecond, when asked for by line (BENCH_WEB_SELF).
      ...(bySelf ? ['disabled-by-default-v8.cpu_profiler.hires'] : []),
      'v8.execute',
      'loading',
    ].join(','),
    transferMode: 'ReportEvents',
  });
  await load();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

function longTasks(events: TraceEvent[]): Run {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('the trace has no first contentful paint');
  const main = events.find((event) => event.pid === paint.pid && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (!main) throw new Error("the trace has no renderer's main thread");
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined);
  // The main thread's profile starts on the main thread; its chunks come from the profiler's own thread, by its id.
  const profile = events.find((event) => event.name === 'Profile' && event.pid === main.pid && event.tid === main.tid);
  const samples = profileSamples(
    events.filter(
      (event) => event.pid === main.pid && profile !== undefined && event.id === profile.id && event.name.startsWith('Profile'),
    ),
  );
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.ts >= paint.ts && event.dur! >= LONG_MS * 1000);
  return {
    blocking: tasks.reduce((sum, task) => sum + task.dur! / 1000 - LONG_MS, 0),
    tasks: tasks.map((task) => {
      const end = task.ts + task.dur!;
      const inside = onMain.filter((event) => WORK.has(event.name) && event.ts >= task.ts && event.ts + event.dur! <= end);
      const outermost = inside.filter(
        (event) =>
          !inside.some(
            (other) => other !== event && other.ts <= event.ts && other.ts + other.dur! >= event.ts + event.dur! && other.dur! > event.dur!,
          ),
      );
      const work = new Map<string, number>();
      for (const event of outermost) work.set(event.name, (work.get(event.name) ?? 0) + event.dur! / 1000);
      const ran = samples.filter((sample) => sample.at >= task.ts && sample.at <= end);
      const files = new Map<string, number>();
      for (const sample of ran) files.set(sample.file, (files.get(sample.file) ?? 0) + 1 / ran.length);
      const functions = new Map<string, number>();
      for (const { appFunction } of ran) if (appFunction) functions.set(appFunction, (functions.get(appFunction) ?? 0) + 1 / ran.length);
      const selves = new Map<string, number>();
      for (const { self } of ran) selves.set(self, (selves.get(self) ?? 0) + 1 / ran.length);
      return {
        at: (task.ts - paint.ts) / 1000,
        duration: task.dur! / 1000,
        work: [...work].sort((a, b) => b[1] - a[1]),
        files: [...files].sort((a, b) => b[1] - a[1]),
        functions: [...functions].sort((a, b) => b[1] - a[1]),
        selves: [...selves].sort((a, b) => b[1] - a[1]),
      };
    }),
  };
}

/**
 * The sampled CPU profile in the trace: when each sample was taken, the file of the function it caught, and the
 * innermost of the app's functions on its stack (outside the framework's file: which component or hook the
 * framework's work was for; named in a build made with `--minify false`).
 */
function profileSamples(events: TraceEvent[]): { at: number; file: string; appFunction?: string; self: string }[] {
  const nodes = new Map<number, ProfileNode>();
  const samples: { at: number; file: string; appFunction?: string; self: string }[] = [];
  const fileOf = (url: string) => basename(new URL(url).pathname) || url;
  const appFunctionOf = (id: number): string | undefined => {
    for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
      const { url, functionName } = node.callFrame;
      if (url && !fileOf(url).startsWith('framework-')) return `${functionName || '(anonymous)'} (${fileOf(url)})`;
    }
    return undefined;
  };
  let at = 0;
  for (const event of events) {
    const data = event.args?.data;
    if (event.name === 'Profile' && data?.startTime !== undefined) at = data.startTime;
    if (event.name !== 'ProfileChunk' || !data?.cpuProfile) continue;
    for (const node of data.cpuProfile.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile.samples ?? []).forEach((id, index) => {
      at += data.timeDeltas?.[index] ?? 0;
      const frame = nodes.get(id)?.callFrame;
      // Native work (style, layout, the parser) has no file: "(program)"; an idle sample is not part of the task's work.
      if (!frame || frame.functionName === '(idle)') return;
      const file = frame.url ? fileOf(frame.url) : frame.functionName || '(anonymous script)';
      samples.push({
        at,
        file,
        appFunction: appFunctionOf(id),
        // Lines in the profile count from 0.
        self: frame.url ? `${frame.functionName || '(anonymous)'} (${file}:${(frame.lineNumber ?? -1) + 1})` : file,
      });
    });
  }
  return samples;
}

const ms = (value: number) => `${Math.round(value)}`;
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

function describe(task: LongTask): string {
  const work = task.work
    .filter(([, spent]) => spent >= 1)
    .slice(0, 5)
    .map(([name, spent]) => `${name} ${ms(spent)}`)
    .join(', ');
  const files = task.files
    .filter(([, share]) => share >= 0.05)
    .slice(0, 5)
    .map(([file, share]) => `${file} ${Math.round(share * 100)} %`)
    .join(', ');
  const functions = task.functions
    .filter(([, share]) => share >= 0.05)
    .slice(0, 4)
    .map(([name, share]) => `${name} ${Math.round(share * 100)} %`)
    .join(', ');
  const selves = task.selves
    .filter(([, share]) => share >= 0.04)
    .slice(0, 6)
    .map(([name, share]) => `${name} ${Math.round(share * 100)} %`)
    .join(', ');
  return (
    `  +${ms(task.at).padStart(5)} ms  ${ms(task.duration).padStart(4)} ms  ${work || 'no traced work'}${files ? ` | ran: ${files}` : ''}` +
    (functions ? `\n                       for: ${functions}` : '') +
    (bySelf && selves ? `\n                       self: ${selves}` : '')
  );
}

async function main() {
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_WEB_RUNS must be a positive whole number, not ${runs}`);
  if (!(slowdown >= 1)) throw new Error(`BENCH_WEB_CPU must be 1 or more, not ${process.env.BENCH_WEB_CPU}`);
  process.stdout.write('Starting Hearsay (production build, fresh SQLite database, starter catalog)...\n');
  const pages = (await preparePages(await startHearsay())).filter((page) => !only || only.includes(page.name));
  const results = new Map<string, Run[]>(pages.map((page) => [page.name, []]));
  // Rounds interleave the pages, so a burst of load on the machine falls on all of them alike.
  for (let round = 1; round <= runs; round++) {
    for (const page of pages) {
      const run = await trace(page);
      results.get(page.name)!.push(run);
      process.stdout.write(`round ${round}/${runs} ${page.name}: blocking ${ms(run.blocking)} ms in ${run.tasks.length} long tasks\n`);
    }
  }
  process.stdout.write(
    `\n## Long tasks from the first contentful paint on, CPU slowed ${slowdown}×, median of ${runs} run${runs === 1 ? '' : 's'}\n\n`,
  );
  process.stdout.write(`| page | blocking ms | longest task ms | tasks of ${LONG_MS} ms or more |\n|---|---:|---:|---:|\n`);
  for (const [name, pageRuns] of results) {
    const longest = pageRuns.map((run) => Math.max(0, ...run.tasks.map((task) => task.duration)));
    process.stdout.write(
      `| ${name} | ${ms(median(pageRuns.map((run) => run.blocking)))} | ${ms(median(longest))} | ${median(pageRuns.map((run) => run.tasks.length))} |\n`,
    );
  }
  for (const [name, pageRuns] of results) {
    // The run whose blocking time is the median, task by task (or every run, in the order run).
    const typical = pageRuns.toSorted((a, b) => a.blocking - b.blocking)[Math.floor((pageRuns.length - 1) / 2)]!;
    for (const [index, run] of (everyRun ? pageRuns : [typical]).entries()) {
      process.stdout.write(`\n${name}, ${everyRun ? `run ${index + 1}` : 'the median run'}: ${ms(run.blocking)} ms blocking\n`);
      for (const task of run.tasks) process.stdout.write(`${describe(task)}\n`);
    }
  }
}

let code = 0;
try {
  await main();
} catch (error) {
  process.stderr.write(`bench:web:tasks failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);
