/**
 * A password-hashing thread (passwords.ts). It lowers its own priority first, so that on a busy machine the server's
 * requests run before sign-ins' argon2id work, never behind it.
 */
import { argon2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../background-thread.ts';

export type PasswordJob = { op: 'hash'; password: string } | { op: 'verify'; password: string; hash: string };
export type PasswordTask = PasswordJob & { id: number };
export type PasswordAnswer = { id: number; hash?: string; valid?: boolean; error?: string };

/** argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane), 16 bytes of salt, a 32-byte tag. */
const PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1 } as const;
const SALT_BYTES = 16;
const TAG_BYTES = 32;

const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** The PHC string every argon2id library reads: $argon2id$v=19$m=…,t=…,p=…$salt$tag (unpadded base64). */
function hash(password: string): string {
  const salt = randomBytes(SALT_BYTES);
  const tag = argon2Sync('argon2id', { message: password, nonce: salt, tagLength: TAG_BYTES, ...PARAMETERS });
  const { memory, passes, parallelism } = PARAMETERS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${base64(salt)}$${base64(tag)}`;
}

/** Checks a password against a stored PHC string, with the parameters it names (older hashes keep theirs). */
function verify(password: string, stored: string): boolean {
  const [, algorithm, version, parameterText, saltText, tagText] = stored.split('$');
  if (algorithm !== 'argon2id' || version !== 'v=19' || !parameterText || !saltText || !tagText) return false;
  const parameters = Object.fromEntries(parameterText.split(',').map((pair) => pair.split('=') as [string, string]));
  const [memory, passes, parallelism] = [parameters.m, parameters.t, parameters.p].map(Number);
  if (!memory || !passes || !parallelism) return false;
  const expected = Buffer.from(tagText, 'base64');
  if (expected.length < 4) return false;
  const nonce = Buffer.from(saltText, 'base64');
  const actual = argon2Sync('argon2id', { message: password, nonce, tagLength: expected.length, memory, passes, parallelism });
  return timingSafeEqual(actual, expected);
}

lowerThisThreadsPriority((workerData as { nice: number }).nice, { idle: true });

parentPort!.on('message', (task: PasswordTask) => {
  try {
    const answer: PasswordAnswer =
      task.op === 'hash' ? { id: task.id, hash: hash(task.password) } : { id: task.id, valid: verify(task.password, task.hash) };
    parentPort!.postMessage(answer);
  } catch (error) {
    parentPort!.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) } satisfies PasswordAnswer);
  }
});
