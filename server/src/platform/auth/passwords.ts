import type { ErrorParams } from '@hearsay/contracts/errors';
import { dictionary } from '@zxcvbn-ts/language-common';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PasswordAnswer, PasswordJob } from './password-thread.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The ~49,000 most common passwords (zxcvbn's list), lower-cased, checked locally. */
const COMMON = new Set((dictionary['passwords-common'] as string[]).map((password) => password.toLowerCase()));

/**
 * Why a new password is refused (the params of a `weak_password` error), or null if it is acceptable. The password is checked exactly as
 * typed: no trimming, no normalisation, length counted in characters.
 */
export function passwordProblem(password: string): ErrorParams | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return { context: 'too_short', minimum: PASSWORD_MIN };
  if (length > PASSWORD_MAX) return { context: 'too_long', maximum: PASSWORD_MAX };
  if (COMMON.has(password.toLowerCase())) return {};
  return null;
}

/** Sign-ins waiting for a hashing thread; beyond this the next is refused (a flood), not queued for minutes. */
const MAX_WAITING = 500;

interface Pending {
  task: PasswordJob;
  resolve: (answer: PasswordAnswer) => void;
}

/**
 * argon2id runs in threads of its own at a lower priority (password-thread.ts): one fewer than the cores this process
 * may use, at least one. A flood of sign-ins then waits for those threads, while every other request keeps the
 * server's priority and its core.
 */
function createPasswordThreads(size = Math.max(1, availableParallelism() - 1), nice = 10) {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const waiting: Pending[] = [];
  let started = 0;
  let nextId = 0;

  function start(): Worker {
    const worker = new Worker(new URL('./password-thread.ts', import.meta.url), { workerData: { nice } });
    worker.on('message', (answer: PasswordAnswer) => {
      busy.get(worker)?.resolve(answer);
      busy.delete(worker);
      idle.push(worker);
      worker.unref();
      pump();
    });
    worker.on('error', (error) => {
      busy.get(worker)?.resolve({ id: -1, error: error.message });
      busy.delete(worker);
      started--;
      pump();
    });
    started++;
    return worker;
  }

  function pump(): void {
    while (waiting.length > 0) {
      const worker = idle.pop() ?? (started < size ? start() : null);
      if (!worker) return;
      const pending = waiting.shift()!;
      busy.set(worker, pending);
      // A thread keeps the process alive only while it works for someone: a tool that hashed a password can end.
      worker.ref();
      worker.postMessage({ ...pending.task, id: nextId++ });
    }
  }

  function run(task: PasswordJob): Promise<PasswordAnswer> {
    if (waiting.length >= MAX_WAITING) return Promise.resolve({ id: -1, error: 'too many passwords waiting to be checked' });
    return new Promise((resolve) => {
      waiting.push({ task, resolve });
      pump();
    });
  }

  return { run };
}

const threads = createPasswordThreads();

export async function hashPassword(password: string): Promise<string> {
  const answer = await threads.run({ op: 'hash', password });
  if (!answer.hash) throw new Error(`could not hash a password: ${answer.error}`);
  return answer.hash;
}

/** False for a wrong password, and for a stored hash this server cannot read. */
export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const answer = await threads.run({ op: 'verify', password, hash });
  return answer.valid === true;
}
