import { dataExportEndpoints as endpoints } from '@hearsay/contracts/data-export';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { DataExportService } from './data-export.service.ts';

export const dataExportRoutes: FastifyPluginAsync<{ dataExport: DataExportService }> = async (app, { dataExport }) => {
  route(
    app,
    endpoints.start,
    async (request, reply) => {
      reply.status(202);
      return dataExport.start(request.viewer.id);
    },
    { config: { pace: 'export' } },
  );

  route(app, endpoints.latest, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { export: await dataExport.latest(request.viewer.id) };
  });

  route(app, endpoints.get, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return dataExport.get(request.viewer.id, request.params.exportId);
  });

  route(app, endpoints.download, async (request, reply) => {
    const { bytes, fileName } = await dataExport.download(request.viewer.id, request.params.exportId);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .type('application/zip')
      .send(bytes);
  });
};
