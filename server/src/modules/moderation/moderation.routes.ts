import type { ErrorParams } from '@hearsay/contracts/errors';
import { accountsEndpoints } from '@hearsay/contracts/accounts';
import { dataExportEndpoints } from '@hearsay/contracts/data-export';
import { moderationEndpoints as endpoints } from '@hearsay/contracts/moderation';
import { REALTIME_PATH } from '@hearsay/contracts/realtime-connection';
import type { FastifyPluginAsync } from 'fastify';
import { forbidden } from '../../platform/errors.ts';
import { route } from '../../platform/http/endpoints.ts';
import type { ModerationService } from './moderation.service.ts';

/**
 * What a suspended or banned person may still do: read who they are and why they are held, sign out, and take their
 * data with them. The route is the one the router matched (its declared pattern), never the raw address.
 */
const OPEN_TO_SANCTIONED = new Set(
  [
    accountsEndpoints.me,
    accountsEndpoints.signOut,
    endpoints.standing,
    endpoints.acknowledgeWarning,
    ...Object.values(dataExportEndpoints),
  ].map((declaration) => `${declaration.method} ${declaration.path}`),
);

/** Holds a suspended or banned person to their standing: every other API route (and live updates) answers 403 with the reason. */
export const sanctionGuard: FastifyPluginAsync<{ moderation: ModerationService }> = async (app, { moderation }) => {
  app.addHook('preValidation', async (request) => {
    const viewer = request.viewer;
    const pattern = request.routeOptions.url;
    const guarded = pattern?.startsWith('/api/') || pattern === REALTIME_PATH;
    if (!viewer || !guarded || OPEN_TO_SANCTIONED.has(`${request.method} ${pattern}`)) return;
    const sanction = await moderation.activeSanction(viewer);
    if (!sanction) return;
    const params: ErrorParams =
      sanction.kind === 'banned' ? { reason: sanction.reason } : { until: sanction.until ?? '', reason: sanction.reason };
    throw forbidden(`account_${sanction.kind}`, params);
  });
};

export const moderationRoutes: FastifyPluginAsync<{ moderation: ModerationService }> = async (app, { moderation }) => {
  route(
    app,
    endpoints.report,
    async (request, reply) => {
      const receipt = await moderation.report(request.viewer, request.body);
      reply.status(receipt.alreadyReported ? 200 : 201);
      return receipt;
    },
    { config: { pace: 'report' } },
  );
  route(app, endpoints.access, async (request) => moderation.access(request.viewer));
  route(app, endpoints.standing, async (request) => moderation.standing(request.viewer));
  route(app, endpoints.acknowledgeWarning, async (request) => moderation.acknowledgeWarning(request.viewer, request.params.warningId));
  route(app, endpoints.queue, async (request) => moderation.queue(request.viewer, request.query));
  route(app, endpoints.decide, async (request) => moderation.decide(request.viewer, request.body));
  route(app, endpoints.audit, async (request) => moderation.audit(request.viewer, request.query));
  route(app, endpoints.health, async (request) => moderation.health(request.viewer));
  route(app, endpoints.pendingAlbums, async (request) => moderation.pendingAlbums(request.viewer, request.query));
  route(app, endpoints.moderators, async (request) => moderation.moderatorList(request.viewer));
  route(app, endpoints.appoint, async (request) => moderation.setModerator(request.viewer, request.params.username, true));
  route(app, endpoints.removeModerator, async (request) => moderation.setModerator(request.viewer, request.params.username, false));
};
