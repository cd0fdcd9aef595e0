import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Rejects cross-site writes to the API. The session cookie is SameSite=Lax, which already keeps
 * it off cross-site POSTs in current browsers; this guard covers the rest (older browsers,
 * same-site but cross-origin pages, top-level form posts). Browsers send `Sec-Fetch-Site` on every
 * request and `Origin` on every unsafe one, so we check both: either one saying "another site"
 * is enough to refuse. Clients that send neither (curl, server-to-server) carry no ambient
 * browser cookies, so they pass. OAuth callbacks are the one exception: providers such as Apple post
 * back from their own origin, and there the auth library's state parameter (bound to a cookie) is the check.
 */
export function registerCsrfGuard(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.url.startsWith('/api/auth/callback/')) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const crossSite = fetchSite === 'cross-site' || (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin);
    if (crossSite) {
      return reply.status(403).send(errorBody('csrf_rejected', 'This request came from another site and was refused.'));
    }
  });
}
