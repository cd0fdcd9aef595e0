import { OkSchema } from '@hearsay/contracts/accounts';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import {
  CreateJournalEntryBodySchema,
  JournalEntryParamsSchema,
  JournalEntrySchema,
  JournalMonthsSchema,
  JournalPageSchema,
  JournalQuerySchema,
  UpdateJournalEntryBodySchema,
} from '@hearsay/contracts/journal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import type { JournalService } from './journal.service.ts';

export const journalRoutes: FastifyPluginAsyncZod<{ journal: JournalService }> = async (app, { journal }) => {
  const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

  app.get(
    '/api/me/journal',
    {
      schema: {
        tags: ['journal'],
        summary: 'Your listening journal, newest listen first (optionally one month or one album)',
        querystring: JournalQuerySchema,
        response: { 200: JournalPageSchema, ...errors },
      },
    },
    async (request) => journal.list(requireViewer(request).id, request.query),
  );

  app.get(
    '/api/me/journal/months',
    {
      schema: {
        tags: ['journal'],
        summary: 'The months of your journal with how many listens each',
        response: { 200: JournalMonthsSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => journal.months(requireViewer(request).id),
  );

  app.post(
    '/api/me/journal',
    {
      config: { pace: 'listen' },
      schema: {
        tags: ['journal'],
        summary: 'Log a listen of an album on a day (today unless given), with an optional rating and note',
        body: CreateJournalEntryBodySchema,
        response: { 201: JournalEntrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await journal.create(requireViewer(request).id, request.body);
      reply.status(201);
      return entry;
    },
  );

  app.patch(
    '/api/me/journal/:entryId',
    {
      schema: {
        tags: ['journal'],
        summary: 'Change the day, rating or note of one of your listens',
        params: JournalEntryParamsSchema,
        body: UpdateJournalEntryBodySchema,
        response: { 200: JournalEntrySchema, ...errors },
      },
    },
    async (request) => journal.update(requireViewer(request).id, request.params.entryId, request.body),
  );

  app.delete(
    '/api/me/journal/:entryId',
    {
      schema: {
        tags: ['journal'],
        summary: 'Delete one of your listens',
        params: JournalEntryParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await journal.remove(requireViewer(request).id, request.params.entryId);
      return { ok: true as const };
    },
  );
};
