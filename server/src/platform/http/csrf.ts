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
 * No other route accepts writes from another site: none needs to.
 * A request authenticated by an access token (`Authorization: Bearer`, resolved by an earlier hook) passes: it carries
 * no ambient credential, and a browser cannot add that header to a cross-site request without a CORS preflight, which
 * Hearsay never grants. A cookie request gets the full check, whatever other headers it has.
 */
export function registerCsrfGuard(app: FastifyInstance, publicUrl: string, exemptRoutes: readonly string[]): void {
  const publicOrigin = new URL(publicUrl).origin;
  const exempt = new Set(exemptRoutes);
  app.addHook('onRequest', async (request, reply) => {
    // Judged on every unsafe request, whatever its path: the router decodes `/%61pi/…` to `/api/…`, so a
    // prefix test on the raw URL would let such a request through. The exemption names the route the router
    // matched, never a spelling of the URL.
    if (!UNSAFE.has(request.method) || request.accessToken) return;
    if (request.routeOptions.url !== undefined && exempt.has(request.routeOptions.url)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const ownOrigin = `${request.protocol}://${request.host}`;
    const crossSite = fetchSite === 'cross-site' || (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin);
    if (crossSite) {
      return reply.status(403).send(errorBody('csrf_rejected'));
    }
  });
}
