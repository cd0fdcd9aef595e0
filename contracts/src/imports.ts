import { z } from 'zod';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const SkippedRowSchema = z.object({
  line: z.number().int(),
  artist: z.string(),
  title: z.string(),
  reason: z.string(),
});

/** What an import did, row by row, added up. */
export const ImportSummarySchema = z.object({
  ratingsImported: z.number().int(),
  /** Reviews published on Hearsay from the export (a rating and at least 50 characters of text). */
  reviewsImported: z.number().int(),
  /** Review texts too short to publish (or for albums you had already reviewed here), kept with the import. */
  reviewsKept: z.number().int(),
  listenLater: z.number().int(),
  /** Rows matched to an album already in the catalog. */
  matched: z.number().int(),
  /**
   * Rows whose album was added to the catalog, marked as imported. Such an album is public once confirmed: another
   * member has it too, or an operator approves it.
   */
  created: z.number().int(),
  /** Rows already imported before, with nothing new. */
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** The first 200 skipped rows with the reason. */
  skippedRows: z.array(SkippedRowSchema),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportJobSchema = z.object({
  id: z.string(),
  source: z.literal('rym'),
  fileName: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number().int(),
  processed: z.number().int(),
  summary: ImportSummarySchema,
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobParamsSchema = z.object({ importId: z.string().min(1).max(100) });
