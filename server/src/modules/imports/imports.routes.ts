import { importsEndpoints as endpoints } from '@hearsay/contracts/imports';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { OriginOf } from '../../platform/http/client-origin.ts';
import type { ImportsService } from './imports.service.ts';
import { LISTEN_FILES_MOST } from './listen-import.ts';
import { HEARSAY_IMPORT_MAX_BYTES, IMPORT_MAX_BYTES } from '@hearsay/contracts/constants';

export const importsRoutes: FastifyPluginAsync<{ imports: ImportsService; originOf: OriginOf }> = async (app, { imports, originOf }) => {
  route(
    app,
    endpoints.startRym,
    async (request, reply) => {
      const viewer = request.viewer;
      const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
      if (!file) throw badRequest('file_required', { context: 'rym' });
      if (!file.filename.toLowerCase().endsWith('.csv')) throw badRequest('not_csv');
      const bytes = await file.toBuffer();
      if (file.file.truncated)
        throw new AppError(413, 'payload_too_large', { params: { context: 'limit', megabytes: IMPORT_MAX_BYTES / 2 ** 20 } });
      reply.status(202);
      return imports.start(viewer.id, file.filename, bytes, originOf(request));
    },
    { config: { pace: 'import' } },
  );

  route(app, endpoints.startHearsay, async (request, reply) => {
    const viewer = request.viewer;
    // One byte past the limit is let through, for the import to see and refuse.
    const file = await request.file({ limits: { fileSize: HEARSAY_IMPORT_MAX_BYTES + 1 } });
    if (!file) throw badRequest('file_required', { context: 'hearsay' });
    const name = file.filename.toLowerCase();
    if (!name.endsWith('.zip') && !name.endsWith('.json')) {
      throw badRequest('not_zip');
    }
    reply.status(202);
    return imports.startHearsay(viewer.id, file.filename, file.file, originOf(request));
  });

  route(
    app,
    endpoints.startListens,
    async (request, reply) => {
      const viewer = request.viewer;
      // Each file is written to disk as it arrives; one byte past the limit is let through, for the import to refuse.
      const parts = request.files({ limits: { files: LISTEN_FILES_MOST, fileSize: imports.listenOptions().maxMegabytes * 2 ** 20 + 1 } });
      const files = (async function* () {
        for await (const part of parts) yield { filename: part.filename, file: part.file };
      })();
      reply.status(202);
      return imports.startListens(viewer.id, files);
    },
    { config: { pace: 'import' } },
  );

  route(
    app,
    endpoints.startLastfm,
    async (request, reply) => {
      reply.status(202);
      return imports.startLastfm(request.viewer.id, request.body);
    },
    { config: { pace: 'import' } },
  );

  route(app, endpoints.listenOptions, async () => imports.listenOptions());

  route(app, endpoints.latest, async (request) => {
    return { job: await imports.latest(request.viewer.id) };
  });

  route(app, endpoints.job, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return imports.job(request.viewer.id, request.params.importId);
  });
};
