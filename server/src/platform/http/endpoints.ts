import type { Endpoint, EndpointRequest, SuccessSchema } from '@hearsay/contracts/endpoint';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { unauthorized } from '../errors.ts';
import type { Viewer } from './viewer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract declaration the route was registered from. */
    endpoint?: Endpoint;
  }
  interface FastifyInstance {
    /** Every API route the server registered ("GET /api/albums/:albumId"), for the authorization matrix. */
    apiRoutes: readonly string[];
  }
}

/** A members-only endpoint's handler always has its viewer: the route refused visitors before it ran. */
type HandlerRequest<E extends Endpoint> = FastifyRequest &
  EndpointRequest<E> &
  (E extends { access: 'members' } ? { viewer: Viewer } : unknown);

export type EndpointHandler<E extends Endpoint> = (
  request: HandlerRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<SuccessSchema<E>> | FastifyReply>;

export interface EndpointRouteOptions {
  config?: Omit<FastifyContextConfig, 'endpoint'>;
  /** Left out of the OpenAPI document (browser hops such as OAuth callbacks). */
  hidden?: boolean;
}

/**
 * Answers a visitor 401 on a members-only route. A route's own onRequest hook runs after the server's, so the session
 * cookie or access token has been resolved into `request.viewer` (a page's in-process reads too), and the CSRF guard
 * has judged the request; the body is not yet read, and nothing of it is validated.
 */
async function refuseVisitors(request: FastifyRequest): Promise<void> {
  if (!request.viewer) throw unauthorized();
}

/**
 * Registers a route from its contract declaration: the method, path, who may call it, validation and the response
 * schemas (the allow-list of what leaves the server) all come from the one object the web app calls.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  declaration: E,
  handler: EndpointHandler<E>,
  options: EndpointRouteOptions = {},
): void {
  app.route({
    method: declaration.method,
    url: declaration.path,
    schema: {
      tags: [...declaration.tags],
      summary: declaration.summary,
      ...(options.hidden ? { hide: true } : {}),
      ...(declaration.params ? { params: declaration.params } : {}),
      ...(declaration.query ? { querystring: declaration.query } : {}),
      ...(declaration.body ? { body: declaration.body } : {}),
      ...(declaration.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(declaration.access ? { 'x-access': declaration.access } : {}),
      ...(declaration.idempotent ? { 'x-idempotent': true } : {}),
      response: declaration.responses,
    },
    config: { ...options.config, endpoint: declaration },
    ...(declaration.access === 'members' ? { onRequest: refuseVisitors } : {}),
    handler: (request, reply) => handler(request as HandlerRequest<E>, reply),
  });
}

/**
 * Refuses to start with an API route that was not registered from a declaration: an endpoint the web client cannot
 * call through the contract, or one whose shapes are written twice, fails at boot instead of in review.
 */
export function requireDeclaredRoutes(app: FastifyInstance, undeclaredPrefixes: readonly string[]): void {
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (options) => {
    if (options.method !== 'HEAD' && options.url.startsWith('/api/') && options.config?.endpoint)
      apiRoutes.push(`${options.config.endpoint.method} ${options.url}`);
    if (!options.url.startsWith('/api/') || options.config?.endpoint) return;
    if (undeclaredPrefixes.some((prefix) => options.url.startsWith(prefix))) return;
    const methods = Array.isArray(options.method) ? options.method.join(',') : options.method;
    throw new Error(`${methods} ${options.url} has no declaration in contracts/: register it with route().`);
  });
}
