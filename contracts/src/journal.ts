import { z } from 'zod';
import { JOURNAL_NOTE_MAX, JOURNAL_EARLIEST_DAY } from './constants.ts';
import { OkSchema } from './accounts.ts';
import { AlbumCardSchema, RatingValueSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';

function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar day as the listener saw it (YYYY-MM-DD). "Not in the future" is checked by the server against its clock. */
export const ListenedOnSchema = z
  .string({ error: 'listened_on_format' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'listened_on_format' })
  .refine(isCalendarDay, { error: 'listened_on_not_a_day' })
  .refine((value) => value >= JOURNAL_EARLIEST_DAY, { error: 'listened_on_too_early' });

const NoteSchema = z.string({ error: 'note_not_text' }).trim().max(JOURNAL_NOTE_MAX, { error: 'note_too_long' });

export const CreateJournalEntryBodySchema = z.object({
  albumId: z.string({ error: 'journal_album_required' }).min(1, { error: 'journal_album_required' }).max(120),
  /** Defaults to today. */
  listenedOn: ListenedOnSchema.optional(),
  rating: RatingValueSchema.nullable().optional(),
  note: NoteSchema.nullable().optional(),
});
export type CreateJournalEntryBody = z.infer<typeof CreateJournalEntryBodySchema>;

/** Only the fields given change; null clears the rating or the note. */
export const UpdateJournalEntryBodySchema = z.object({
  listenedOn: ListenedOnSchema.optional(),
  rating: RatingValueSchema.nullable().optional(),
  note: NoteSchema.nullable().optional(),
});
export type UpdateJournalEntryBody = z.infer<typeof UpdateJournalEntryBodySchema>;

export const JournalEntryParamsSchema = z.object({ entryId: z.string().min(1).max(100) });

export const JournalEntrySchema = z.object({
  id: z.string(),
  album: AlbumCardSchema,
  listenedOn: z.string(),
  rating: z.number().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

export const JournalMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month_format' })
  .refine((value) => value >= '1900-01', { error: 'month_too_early' });

export const JournalQuerySchema = PageQuerySchema.extend({
  /** Only listens in this month (YYYY-MM). */
  month: JournalMonthSchema.optional(),
  /** Only listens of this album (id or slug). */
  album: z.string().min(1).max(120).optional(),
});
export type JournalQuery = z.infer<typeof JournalQuerySchema>;

/** Newest listen first; ties (the same day) by when they were logged, newest first. */
export const JournalPageSchema = pageOf(JournalEntrySchema);
export type JournalPage = z.infer<typeof JournalPageSchema>;

/** The months with listens, newest first, and how many in each. */
export const JournalMonthsSchema = z.object({
  items: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type JournalMonths = z.infer<typeof JournalMonthsSchema>;

const tags = ['journal'];

export const journalEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/me/journal',
    access: 'members',
    tags,
    summary: 'Your listening journal, newest listen first (optionally one month or one album)',
    query: JournalQuerySchema,
    responses: { 200: JournalPageSchema, ...errorResponses(400, 401) },
  }),
  months: endpoint({
    method: 'GET',
    path: '/api/me/journal/months',
    access: 'members',
    tags,
    summary: 'The months of your journal with how many listens each',
    responses: { 200: JournalMonthsSchema, ...errorResponses(401) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/me/journal',
    access: 'members',
    tags,
    summary: 'Log a listen of an album on a day (today unless given), with an optional rating and note',
    body: CreateJournalEntryBodySchema,
    idempotent: true,
    responses: { 201: JournalEntrySchema, ...errorResponses(400, 401, 404, 409, 422, 429) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/me/journal/:entryId',
    access: 'members',
    tags,
    summary: 'Change the day, rating or note of one of your listens',
    params: JournalEntryParamsSchema,
    body: UpdateJournalEntryBodySchema,
    responses: { 200: JournalEntrySchema, ...errorResponses(400, 401, 404) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/me/journal/:entryId',
    access: 'members',
    tags,
    summary: 'Delete one of your listens',
    params: JournalEntryParamsSchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 404) },
  }),
};
