import type { ImportSummary } from '@hearsay/contracts/imports';
import type { DB } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs/runner.ts';
import * as repository from './imports.repository.ts';

/**
 * An import that stopped for good, whatever its file: the summary so far is kept and the file dropped. A file found
 * unreadable says where; any other error is ours, and the person is told what importing the file again does.
 */
export async function recordImportFailure(
  trx: DB,
  job: Job<{ summary: ImportSummary }>,
  error: unknown,
  { again, now }: { again: string; now: string },
): Promise<void> {
  await repository.updateJob(trx, job.id, {
    status: 'failed',
    summary: JSON.stringify(job.cursor.summary),
    error:
      error instanceof AppError && error.statusCode < 500 ? error.message : `The import stopped because of an error on our side. ${again}`,
    updated_at: now,
    finished_at: now,
  });
  await repository.deleteFile(trx, job.id);
}
