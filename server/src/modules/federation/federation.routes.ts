import { federationEndpoints as endpoints } from '@hearsay/contracts/federation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import { inboxBody } from './fedify.ts';
import type { FederationService } from './federation.service.ts';

/** An activity bigger than this is refused before it is read (a review with its extras is a few kilobytes). */
const INBOX_BODY_LIMIT = 256 * 1024;

/** What other servers ask of this one: WebFinger, NodeInfo, actors, their collections and the inboxes. */
const FEDERATION_PATHS = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/ap/*'];

export async function federationRoutes(app: FastifyInstance, opts: { federation: FederationService }): Promise<void> {
  const { federation } = opts;

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
      const response = await inboxBody.run(parsedBody(request), () =>
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
