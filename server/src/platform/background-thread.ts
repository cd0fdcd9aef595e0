import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Called first thing inside a worker thread that does background work: the server's own thread comes first whenever
 * both want the same core. On Linux a nice value applies to the calling thread alone.
 *
 * `idle` also puts the thread under Linux's SCHED_IDLE policy. A nice value alone lets a running thread finish its
 * time slice (a few milliseconds) before a woken request thread gets the core; under SCHED_IDLE the woken thread
 * takes it at once. The price: the thread runs only when no ordinary thread of the machine wants that core, so on a
 * machine kept busy by other programs its work waits. Any thread may lower itself to SCHED_IDLE; Node has no call for
 * it, so `chrt` (util-linux) sets it on this thread's id. Where that is not possible, the nice value stays.
 */
export function lowerThisThreadsPriority(nice: number, options: { idle?: boolean } = {}): 'idle' | 'nice' | 'normal' {
  try {
    setPriority(nice);
  } catch {
    return 'normal';
  }
  if (!options.idle || process.platform !== 'linux') return 'nice';
  try {
    // /proc/thread-self names the calling thread: "<pid>/task/<tid>".
    const threadId = readlinkSync('/proc/thread-self').split('/').pop()!;
    execFileSync('chrt', ['--idle', '--pid', '0', threadId], { stdio: 'ignore', timeout: 2000 });
    return 'idle';
  } catch {
    return 'nice';
  }
}
