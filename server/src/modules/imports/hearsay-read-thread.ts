/**
 * A thread of its own that reads one Hearsay export (hearsay-reader.ts): inflating, parsing and checking tens of
 * megabytes is synchronous work that would otherwise hold up whichever thread asked for it.
 */
import type { HearsayExport } from '@hearsay/contracts/data-export';
import type { ErrorIssue, ErrorParams } from '@hearsay/contracts/errors';
import { useIssueCodes } from '@hearsay/contracts/issue-codes';
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '../../platform/background-thread.ts';
import { AppError } from '../../platform/errors.ts';
import { readHearsayExport } from './hearsay-file.ts';

export type ReadRequest = { path: string } | { bytes: Uint8Array };
export type ReadReply =
  | { ok: true; data: HearsayExport }
  | { ok: false; refused: { status: number; code: string; params?: ErrorParams; issues: ErrorIssue[] } }
  | { ok: false; error: string };

lowerThisThreadsPriority(19, { idle: true });
// A thread has its own Zod settings: the export's issues carry codes here too.
useIssueCodes();
const request = workerData as ReadRequest;
let reply: ReadReply;
try {
  const bytes = 'path' in request ? readFileSync(request.path) : request.bytes;
  reply = { ok: true, data: readHearsayExport(bytes) };
} catch (error) {
  reply =
    error instanceof AppError && error.statusCode < 500
      ? { ok: false, refused: { status: error.statusCode, code: error.code, params: error.params, issues: error.issues } }
      : { ok: false, error: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(reply);
