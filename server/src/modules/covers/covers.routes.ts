import { createReadStream } from 'node:fs';
import { ErrorBodySchema } from '@hearsay/contracts/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COVER_SIZES, type CoverImage, type CoverService, type CoverSize } from './covers.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** Drawn pictures may later be replaced by real artwork, so they are cached for a day only. */
function sendImage(reply: FastifyReply, image: CoverImage, versioned: boolean) {
  reply.header('x-content-type-options', 'nosniff');
  if (image.kind === 'svg') {
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'public, max-age=86400')
      .send(image.svg);
  }
  return reply
    .type('image/webp')
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
        summary: 'An album cover: cached artwork, or a generated typographic cover (WebP; SVG for words in other scripts)',
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
        summary: 'An artist image (generated; WebP, or SVG for initials in other scripts)',
        params: IdParams,
        response: { 404: ErrorBodySchema },
      },
    },
    async (request, reply) => sendImage(reply, await covers.artistImage(request.params.id), false),
  );
};
