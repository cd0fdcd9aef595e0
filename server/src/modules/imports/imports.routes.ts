import { importsEndpoints as endpoints } from '@hearsay/contracts/imports';
import type { ImportJob } from '@hearsay/contracts/imports';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requestLanguage, translateMessage } from '../../platform/http/error-language.ts';
import { route } from '../../platform/http/endpoints.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { OriginOf } from '../../platform/http/client-origin.ts';
import type { ImportsService } from './imports.service.ts';
import { HEARSAY_IMPORT_MAX_BYTES, IMPORT_MAX_BYTES } from '@hearsay/contracts/constants';

export const importsRoutes: FastifyPluginAsync<{ imports: ImportsService; originOf: OriginOf }> = async (app, { imports, originOf }) => {
  route(
    app,
    endpoints.startRym,
    async (request, reply) => {
      const viewer = request.viewer;
      const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
      if (!file) throw badRequest('file_required', 'Please choose your RateYourMusic export (.csv).');
      if (!file.filename.toLowerCase().endsWith('.csv')) throw badRequest('not_csv', 'Please choose a .csv file.');
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw new AppError(413, 'payload_too_large', 'The file is larger than 5 MB.');
      reply.status(202);
      return imports.start(viewer.id, file.filename, bytes, originOf(request));
    },
    { config: { pace: 'import' } },
  );

  route(app, endpoints.startHearsay, async (request, reply) => {
    const viewer = request.viewer;
    // One byte past the limit is let through, for the import to see and refuse.
    const file = await request.file({ limits: { fileSize: HEARSAY_IMPORT_MAX_BYTES + 1 } });
    if (!file) throw badRequest('file_required', 'Please choose your Hearsay export (.zip).');
    const name = file.filename.toLowerCase();
    if (!name.endsWith('.zip') && !name.endsWith('.json')) {
      throw badRequest('not_zip', 'Please choose the .zip from Download my data (or the hearsay.json inside it).');
    }
    reply.status(202);
    return imports.startHearsay(viewer.id, file.filename, file.file, originOf(request));
  });

  /** Why an import failed, in the reader's language, as error answers are. */
  const inLanguage = (job: ImportJob, request: FastifyRequest): ImportJob => {
    const language = requestLanguage(request);
    const say = (text: string) => translateMessage(text, language) ?? text;
    if (language === 'en' || !job.error) return job;
    return { ...job, error: say(job.error), issues: job.issues.map((issue) => ({ ...issue, message: say(issue.message) })) };
  };

  route(app, endpoints.latest, async (request, reply) => {
    reply.header('vary', 'Accept-Language, Cookie');
    const job = await imports.latest(request.viewer.id);
    return { job: job && inLanguage(job, request) };
  });

  route(app, endpoints.job, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('vary', 'Accept-Language, Cookie');
    return inLanguage(await imports.job(request.viewer.id, request.params.importId), request);
  });
};
