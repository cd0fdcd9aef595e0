import type { HearsayExport } from '@hearsay/contracts/data-export';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../platform/errors.ts';
import type { ReadReply, ReadRequest } from './hearsay-read-thread.ts';

const THREAD = new URL('./hearsay-read-thread.ts', import.meta.url);
/** Room for a 50 MB hearsay.json read whole, and a limit on what a hostile file can make a thread take. */
const THREAD_HEAP_MB = 1024;

let queue: Promise<unknown> = Promise.resolve();

function readInThread(request: ReadRequest): Promise<HearsayExport> {
  return new Promise((resolve, reject) => {
    const transfer = 'bytes' in request ? [request.bytes.buffer as ArrayBuffer] : [];
    const thread = new Worker(THREAD, {
      workerData: request,
      transferList: transfer,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    let answered = false;
    thread.once('message', (reply: ReadReply) => {
      answered = true;
      if (reply.ok) resolve(reply.data);
      else if ('refused' in reply) {
        const { status, code, params, issues } = reply.refused;
        reject(new AppError(status, code, { params, issues }));
      } else reject(new Error(`Reading the Hearsay export failed: ${reply.error}`));
    });
    thread.once('error', (error) => {
      answered = true;
      reject(error);
    });
    thread.once('exit', (code) => {
      if (!answered) reject(new Error(`The thread reading the Hearsay export stopped (exit code ${code}).`));
    });
  });
}

/**
 * Reads and checks a Hearsay export (the file at `path`, or its bytes) in a thread of its own, one at a time in
 * this process so that several uploads never hold several whole exports in memory at once. Resolves with the export;
 * rejects with the 400 of `readHearsayExport` when the file is not one.
 */
export function readHearsayExportOffThread(request: ReadRequest): Promise<HearsayExport> {
  const turn = queue.then(() => readInThread(request));
  queue = turn.catch(() => undefined);
  return turn;
}
