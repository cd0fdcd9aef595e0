import { createReadStream } from 'node:fs';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_PROXY_PATH, MAX_IMAGE_URL_LENGTH, type ImageProxyService, type ProxiedImage } from './image-proxy.service.ts';

/** The bytes for a signed address never change here, whatever the other site later does with it. */
function sendImage(reply: FastifyReply, image: ProxiedImage) {
  return reply
    .type(image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'public, max-age=2592000, immutable')
    .send(createReadStream(image.path));
}

export const imageProxyRoutes: FastifyPluginAsyncZod<{ imageProxy: ImageProxyService }> = async (app, { imageProxy }) => {
  app.get(
    IMAGE_PROXY_PATH,
    {
      schema: {
        tags: ['reviews'],
        summary: 'A picture from another site shown in a review, fetched and kept by this site so readers never contact that site',
        querystring: z.object({ url: z.string().min(1).max(MAX_IMAGE_URL_LENGTH), sig: z.string().min(1).max(64) }),
        response: { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 502: ErrorBodySchema },
      },
    },
    async (request, reply) => sendImage(reply, await imageProxy.image(request.query.url, request.query.sig)),
  );
};
