import { dataExportEndpoints as endpoints } from '@hearsay/contracts/data-export';
import type { FastifyPluginAsync } from 'fastify';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import { route } from '../../platform/http/endpoints.ts';
import type { DataExportService } from './data-export.service.ts';

export const dataExportRoutes: FastifyPluginAsync<{ dataExport: DataExportService }> = async (app, { dataExport }) => {
  route(
    app,
    endpoints.start,
    async (request, reply) => {
      reply.status(202);
      return dataExport.start(requireViewer(request).id);
    },
    { config: { pace: 'export' } },
  );

  route(app, endpoints.latest, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { export: await dataExport.latest(requireViewer(request).id) };
  });

  route(app, endpoints.get, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return dataExport.get(requireViewer(request).id, request.params.exportId);
  });

  route(app, endpoints.download, async (request, reply) => {
    const { bytes, fileName } = await dataExport.download(requireViewer(request).id, request.params.exportId);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .type('application/zip')
      .send(bytes);
  });
};
