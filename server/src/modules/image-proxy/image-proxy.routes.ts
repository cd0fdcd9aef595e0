import { createReadStream } from 'node:fs';
import { imageProxyEndpoints as endpoints } from '@hearsay/contracts/image-proxy';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { ImageProxyService, ProxiedImage } from './image-proxy.service.ts';

/** The bytes for a signed address never change here, whatever the other site later does with it. */
function sendImage(reply: FastifyReply, image: ProxiedImage) {
  return reply
    .type(image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'public, max-age=2592000, immutable')
    .send(createReadStream(image.path));
}

export const imageProxyRoutes: FastifyPluginAsync<{ imageProxy: ImageProxyService }> = async (app, { imageProxy }) => {
  route(app, endpoints.image, async (request, reply) => sendImage(reply, await imageProxy.image(request.query.url, request.query.sig)));
};
