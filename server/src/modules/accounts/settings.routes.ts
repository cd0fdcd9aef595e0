import { memberSettingsEndpoints as endpoints } from '@hearsay/contracts/notifications';
import type { FastifyPluginAsync } from 'fastify';
import { requireViewer } from '../../platform/auth/require-viewer.ts';
import { route } from '../../platform/http/endpoints.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsService }> = async (app, { settings }) => {
  route(app, endpoints.settings, async (request) => settings.read(requireViewer(request).id));

  route(app, endpoints.updateSettings, async (request) => settings.update(requireViewer(request).id, request.body));
};
