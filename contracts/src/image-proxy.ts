import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

/** Longer picture addresses are left out of reviews rather than proxied. */
export const MAX_IMAGE_URL_LENGTH = 2048;

export const ImageProxyQuerySchema = z.object({
  url: z.string().min(1).max(MAX_IMAGE_URL_LENGTH),
  /** The site's signature of `url`: only addresses that appeared in a review shown here are fetched. */
  sig: z.string().min(1).max(64),
});

export const imageProxyEndpoints = {
  image: endpoint({
    method: 'GET',
    path: '/api/image-proxy',
    tags: ['reviews'],
    summary: 'A picture from another site shown in a review, fetched and kept by this site so readers never contact that site',
    query: ImageProxyQuerySchema,
    // The answer is the picture itself, streamed from the cache: no JSON schema describes it or is applied to it.
    responses: { 200: z.any().describe("The picture's bytes, sent with its image content type"), ...errorResponses(400, 403, 404, 502) },
  }),
};
