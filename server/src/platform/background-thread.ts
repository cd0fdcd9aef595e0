import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Called first thing inside a worker thread that does background work (password hashing, jobs): the server's own
 * thread comes first whenever both want the same core.
 *
 * A nice value alone is not enough on Linux: the scheduler lets a running thread finish its time slice (a few
 * milliseconds) before a woken request thread gets the core, so a request arriving mid-hash waited for it. Under the
 * SCHED_IDLE policy, a woken ordinary thread takes the core at once. Any thread may lower itself to it; Node has no
 * call for it, so `chrt` (util-linux) sets it on this thread's id. Where that is not possible (not Linux, no chrt),
 * the nice value stays.
 */
export function lowerThisThreadsPriority(nice: number): 'idle' | 'nice' | 'normal' {
  try {
    // On Linux this sets the nice value of this thread alone.
    setPriority(nice);
  } catch {
    return 'normal';
  }
  if (process.platform !== 'linux') return 'nice';
  try {
    // /proc/thread-self names the calling thread: "<pid>/task/<tid>".
    const threadId = readlinkSync('/proc/thread-self').split('/').pop()!;
    execFileSync('chrt', ['--idle', '--pid', '0', threadId], { stdio: 'ignore', timeout: 2000 });
    return 'idle';
  } catch {
    return 'nice';
  }
}
