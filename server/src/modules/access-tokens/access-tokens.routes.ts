import { accessTokensEndpoints as endpoints } from '@hearsay/contracts/access-tokens';
import type { FastifyPluginAsync } from 'fastify';
import type { RateLimiter } from '../../platform/auth/rate-limiter.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { route } from '../../platform/http/endpoints.ts';
import { chargeRequest, type RequestBudget } from '../../platform/http/request-budget.ts';
import type { AccessTokensService } from './access-tokens.service.ts';
import { scopeNeeded } from './access-tokens.scopes.ts';

/** Requests a token may make in a window, reads and writes together. */
export type TokenRateLimit = RequestBudget;

const BEARER = /^Bearer\s+(\S*)\s*$/i;

/**
 * `Authorization: Bearer hsy_…`: the request is authenticated by the token alone (cookies are ignored), or refused
 * with 401; it never falls back to a visitor. Then the token's budget is counted (RateLimit-* headers on every answer)
 * and its scope judged against the route the router matched. Other schemes (a proxy's Basic auth) are left alone.
 * Registered before the CSRF guard, which lets only token requests through from elsewhere.
 */
export const bearerAuth: FastifyPluginAsync<{ tokens: AccessTokensService; limiter: RateLimiter; rateLimit: TokenRateLimit }> = async (
  app,
  { tokens, limiter, rateLimit },
) => {
  const windowSeconds = Math.round(rateLimit.windowMs / 1000);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header || !/^bearer\b/i.test(header)) return;
    // A route that reads its own bearer (/metrics with METRICS_TOKEN) is not asked for a personal access token.
    if (request.routeOptions.config.ownAuthorization) return;
    const authentication = await tokens.authenticate(BEARER.exec(header)?.[1] ?? '');
    if (!authentication.ok) {
      throw new AppError(401, authentication.code, {
        params: authentication.params,
        headers: { 'www-authenticate': 'Bearer error="invalid_token"', 'cache-control': 'no-store' },
      });
    }
    request.viewer = authentication.viewer;
    request.accessToken = authentication.token;

    const { limited, reset } = await chargeRequest(limiter, rateLimit, `token:${authentication.token.id}`, reply);
    if (limited) {
      throw new AppError(429, 'rate_limited', {
        params: { context: 'token', requests: rateLimit.requests, minutes: Math.round(windowSeconds / 60), seconds: reset },
        headers: { 'retry-after': String(reset) },
      });
    }

    // A path no route matched answers 404 as it would to anyone.
    const pattern = request.routeOptions.url;
    if (pattern === undefined) return;
    const needed = scopeNeeded(request.method, pattern);
    if (needed === 'none') {
      throw forbidden('token_scope', pattern.startsWith('/api/') ? undefined : { context: 'not_api' });
    }
    // A player's token (`listens:write` alone) has nothing to do in the API.
    if (!authentication.token.scopes.includes('read')) throw forbidden('token_scope', { context: 'listens' });
    if (needed === 'write' && !authentication.token.scopes.includes('write')) {
      throw forbidden('token_scope', { context: 'write', method: request.method });
    }
  });
};

export const accessTokensRoutes: FastifyPluginAsync<{ tokens: AccessTokensService }> = async (app, { tokens }) => {
  route(app, endpoints.list, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return tokens.list(request.viewer);
  });
  route(app, endpoints.create, async (request, reply) => {
    const created = await tokens.create(request.viewer, request.body);
    // The secret is in this answer only: no cache may keep it.
    reply.status(201).header('cache-control', 'no-store');
    return created;
  });
  route(app, endpoints.revoke, async (request) => tokens.revoke(request.viewer, request.params.tokenId));
};
