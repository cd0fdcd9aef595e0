import { federationEndpoints as endpoints } from '@hearsay/contracts/federation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiter } from '../../platform/auth/rate-limiter.ts';
import { route } from '../../platform/http/endpoints.ts';
import { inboxBody } from './fedify.ts';
import type { FederationService } from './federation.service.ts';

/** An activity bigger than this is refused before it is read (a review with its extras is a few kilobytes). */
const INBOX_BODY_LIMIT = 256 * 1024;

/** Nesting deeper than any activity needs (a Create of a Note with its tags is about 5 levels) is refused unread. */
const MAX_DEPTH = 16;
/** Posts to the inboxes one client address may make in a minute; a busy server sends one per activity. */
const INBOX_POSTS_PER_MINUTE = 600;

/** What other servers ask of this one: WebFinger, NodeInfo, actors, their collections and the inboxes. */
const FEDERATION_PATHS = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/ap/*'];

export async function federationRoutes(
  app: FastifyInstance,
  opts: { federation: FederationService; limiter: RateLimiter; limitMultiplier: number },
): Promise<void> {
  const { federation, limiter } = opts;

  route(app, endpoints.lookup, async (request) => ({ person: await federation.lookup(request.viewer.id, request.query.q) }));
  route(app, endpoints.follow, async (request) => ({ person: await federation.follow(request.viewer.id, request.params.personId) }));
  route(app, endpoints.like, async (request) => federation.like(request.viewer.id, request.params.postId));
  route(app, endpoints.unlike, async (request) => federation.unlike(request.viewer.id, request.params.postId));
  route(app, endpoints.requests, async (request) => federation.requests(request.viewer.id));
  route(app, endpoints.answerRequest, async (request) =>
    federation.answerRequest(request.viewer.id, request.params.personId, request.body.accept),
  );
  route(app, endpoints.hosts, async (request) => federation.hosts(request.viewer));
  route(app, endpoints.setHost, async (request) => federation.setHost(request.viewer, request.params.host, request.body.policy));
  route(app, endpoints.removeHost, async (request) => federation.removeHost(request.viewer, request.params.host));
  route(app, endpoints.albumReviews, async (request) => federation.albumReviews(request.params.albumId, request.query, request.viewer?.id));
  route(app, endpoints.unfollow, async (request) => ({
    person: await federation.unfollow(request.viewer.id, request.params.personId),
  }));

  if (!federation.enabled) return;
  await app.register(async (server) => {
    // Other servers post activities as JSON-LD; the framework reads the bytes itself (it checks their digest).
    server.removeContentTypeParser('application/json');
    server.addContentTypeParser(
      /^application\/(?:activity\+json|ld\+json|json)/,
      { parseAs: 'buffer', bodyLimit: INBOX_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const body = parsedBody(request);
      if (request.method === 'POST') {
        const { count, resetAt } = await limiter.hit(`inbox:${request.ip}`, 60_000);
        if (count > INBOX_POSTS_PER_MINUTE * opts.limitMultiplier) {
          const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
          return reply.status(429).header('Retry-After', String(seconds)).type('text/plain').send('Too many requests');
        }
        if (body !== undefined && depthOf(body) > MAX_DEPTH) return reply.status(400).type('text/plain').send('Nested too deeply');
      }
      const response = await inboxBody.run(body, () =>
        federation.framework.fetch(toWebRequest(request, federation.publicUrl), {
          contextData: undefined,
          onNotFound: () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } }),
          onNotAcceptable: () => new Response('Not acceptable', { status: 406, headers: { 'Content-Type': 'text/plain', Vary: 'Accept' } }),
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, name) => void reply.header(name, value));
      return reply.send(Buffer.from(await response.arrayBuffer()));
    };
    for (const url of FEDERATION_PATHS) server.route({ method: ['GET', 'HEAD', 'POST'], url, handler });
  });
}

/** A posted activity's JSON, or undefined (the framework answers a body that is not JSON itself). */
function parsedBody(request: FastifyRequest): unknown {
  if (request.method !== 'POST' || !Buffer.isBuffer(request.body)) return undefined;
  try {
    return JSON.parse(request.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** How deeply a JSON value nests (a scalar is 0), counting no further than needed to refuse it. */
function depthOf(value: unknown, limit = MAX_DEPTH + 1): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (limit === 0) return 1;
  let deepest = 0;
  for (const item of Object.values(value)) {
    deepest = Math.max(deepest, depthOf(item, limit - 1));
    if (deepest >= limit) break;
  }
  return deepest + 1;
}

/** The request as the framework reads it: the address other servers used (the site's public one) and the raw body. */
function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const body = request.method === 'POST' && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(new URL(request.url, publicUrl), { method: request.method, headers, body });
}
