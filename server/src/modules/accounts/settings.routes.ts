import { memberSettingsEndpoints as endpoints } from '@hearsay/contracts/notifications';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsService }> = async (app, { settings }) => {
  route(app, endpoints.settings, async (request) => settings.read(request.viewer.id));

  route(app, endpoints.updateSettings, async (request) => settings.update(request.viewer.id, request.body));
};
