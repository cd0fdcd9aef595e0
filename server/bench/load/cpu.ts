/**
 * CPU time from /proc (Linux): a process's, all its threads together, and the whole machine's, so a step of
 * `npm run bench:load` can say what each request cost the server and how busy the machine was.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * Milliseconds process `pid` has spent on a core, user and system: all its threads, or its main thread alone (the one
 * answering requests in a Node server; jobs, the thread pool and the garbage collector have threads of their own).
 * Null when it cannot be read (gone).
 */
export function processCpuMs(pid: number, mainThreadOnly = false): number | null {
  try {
    // After the name in parentheses: state is field 3, utime 14 and stime 15 (1-based, as in proc(5)).
    const file = mainThreadOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The machine's CPU time so far, busy and in all (every core), in ticks. */
export function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const numbers = values.map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the time no core worked.
  const total = numbers.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - numbers[3]! - numbers[4]!, total };
}

/**
 * CPU spent by a changing set of processes between `start` and `stop`: a process seen at both counts its difference;
 * one that appeared meanwhile counts all it has spent (a new database backend); one that ended counts nothing more.
 */
export class CpuMeter {
  private before = new Map<number, number>();
  private readonly pids: () => number[] | Promise<number[]>;
  private readonly mainThreadOnly: boolean;

  constructor(pids: () => number[] | Promise<number[]>, options: { mainThreadOnly?: boolean } = {}) {
    this.pids = pids;
    this.mainThreadOnly = options.mainThreadOnly ?? false;
  }

  async start(): Promise<void> {
    this.before = new Map();
    for (const pid of await this.pids()) {
      const ms = processCpuMs(pid, this.mainThreadOnly);
      if (ms !== null) this.before.set(pid, ms);
    }
  }

  async stop(): Promise<number> {
    let spent = 0;
    for (const pid of await this.pids()) {
      const ms = processCpuMs(pid, this.mainThreadOnly);
      if (ms !== null) spent += ms - (this.before.get(pid) ?? 0);
    }
    return spent;
  }
}

/** The resident memory of process `pid` in MB (0 when it cannot be read). */
export function residentMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Milliseconds each named thread of the processes has spent on a core, by thread name (`/proc/<pid>/task/<tid>/comm`:
 * Node's main thread bears the process's name, a worker thread its own), the main threads under "main".
 */
export function threadCpuMs(pids: readonly number[]): Map<string, number> {
  const spent = new Map<string, number>();
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
        const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
        spent.set(name, (spent.get(name) ?? 0) + ms);
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return spent;
}
