import { ErrorBodySchema } from '@hearsay/contracts/errors';
import { IMPORT_MAX_BYTES, ImportJobParamsSchema, ImportJobSchema } from '@hearsay/contracts/imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { ImportsService } from './imports.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 413: ErrorBodySchema };

export const importsRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (app, { imports }) => {
  app.post(
    '/api/imports/rym',
    {
      config: { pace: 'import' },
      schema: {
        tags: ['imports'],
        summary: 'Import a RateYourMusic CSV export (multipart field "file", .csv up to 5 MB); answers at once, then poll the job',
        consumes: ['multipart/form-data'],
        response: { 202: ImportJobSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
      if (!file) throw badRequest('file_required', 'Please choose your RateYourMusic export (.csv).');
      if (!file.filename.toLowerCase().endsWith('.csv')) throw badRequest('not_csv', 'Please choose a .csv file.');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new AppError(413, 'payload_too_large', 'The file is larger than 5 MB.');
      reply.status(202);
      return imports.start(viewer.id, file.filename, bytes);
    },
  );

  app.get(
    '/api/imports/latest',
    {
      schema: {
        tags: ['imports'],
        summary: 'Your most recent import, if any',
        response: { 200: z.object({ job: ImportJobSchema.nullable() }), 401: ErrorBodySchema },
      },
    },
    async (request) => ({ job: await imports.latest(requireViewer(request).id) }),
  );

  app.get(
    '/api/imports/:importId',
    {
      schema: {
        tags: ['imports'],
        summary: 'Progress and summary of one of your imports',
        params: ImportJobParamsSchema,
        response: { 200: ImportJobSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return imports.job(requireViewer(request).id, request.params.importId);
    },
  );
};
