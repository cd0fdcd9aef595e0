import { createReadStream } from 'node:fs';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COVER_SIZES, type CoverImage, type CoverService, type CoverSize } from './covers.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** Drawn pictures may later be replaced by real artwork, so they are cached for a day only. */
function sendImage(reply: FastifyReply, image: CoverImage, versioned: boolean) {
  return reply
    .type('image/webp')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', versioned && !image.generated ? 'public, max-age=31536000, immutable' : 'public, max-age=86400')
    .header('last-modified', image.lastModified.toUTCString())
    .send(createReadStream(image.path));
}

export const coverRoutes: FastifyPluginAsyncZod<{ covers: CoverService }> = async (app, { covers }) => {
  app.get(
    '/covers/albums/:id',
    {
      schema: {
        tags: ['covers'],
        summary: 'An album cover as WebP: cached artwork, or a generated typographic cover',
        params: IdParams,
        querystring: z.object({
          v: z.string().max(16).optional(),
          size: z.enum(COVER_SIZES.map(String) as ['250', '500'], { error: 'size must be 250 or 500' }).optional(),
        }),
        response: { 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendImage(reply, await covers.albumCover(request.params.id, Number(request.query.size ?? 500) as CoverSize), request.query.v === 'c'),
  );

  app.get(
    '/covers/artists/:id',
    {
      schema: {
        tags: ['covers'],
        summary: 'An artist image as WebP (generated)',
        params: IdParams,
        response: { 404: ErrorBodySchema },
      },
    },
    async (request, reply) => sendImage(reply, await covers.artistImage(request.params.id), false),
  );
};
