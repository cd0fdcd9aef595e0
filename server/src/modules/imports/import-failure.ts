import type { ImportSummary } from '@hearsay/contracts/imports';
import type { DB } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs/runner.ts';
import * as repository from './imports.repository.ts';

/** How an import's failure is kept: the English, and the code and params the web app words it from. */
export function failureColumns(failure: AppError) {
  return {
    error: failure.message,
    error_code: failure.code,
    error_params: failure.params ? JSON.stringify(failure.params) : null,
    issues: JSON.stringify(failure.issues),
  };
}

/**
 * An import that stopped for good, whatever its file: the summary so far is kept and the file dropped. A file found
 * unreadable says where; any other error is ours, and the person is told what importing the file again does.
 */
export async function recordImportFailure(
  trx: DB,
  job: Job<{ summary: ImportSummary }>,
  error: unknown,
  { source, now }: { source: 'rym' | 'hearsay'; now: string },
): Promise<void> {
  const failure =
    error instanceof AppError && error.statusCode < 500 ? error : new AppError(500, 'import_failed', { params: { context: source } });
  await repository.updateJob(trx, job.id, {
    status: 'failed',
    summary: JSON.stringify(job.cursor.summary),
    ...failureColumns(failure),
    updated_at: now,
    finished_at: now,
  });
  await repository.deleteFile(trx, job.id);
}
