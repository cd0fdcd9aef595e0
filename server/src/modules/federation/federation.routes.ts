import { federationEndpoints as endpoints } from '@hearsay/contracts/federation';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { enforceLimit, HOUR_MS, type RateLimiter } from '../../platform/auth/rate-limiter.ts';
import { route } from '../../platform/http/endpoints.ts';
import { inboxRequest, type InboxRefusal, type InboxRequest } from './fedify.ts';
import type { FederationService } from './federation.service.ts';

/** An activity bigger than this is refused before it is read (a review with its extras is a few kilobytes). */
const INBOX_BODY_LIMIT = 256 * 1024;

/** Nesting deeper than any activity needs (a Create of a Note with its tags is about 5 levels) is refused unread. */
const MAX_DEPTH = 16;
/** Posts to the inboxes one client address may make in a minute; a busy server sends one per activity. */
const INBOX_POSTS_PER_MINUTE = 600;
/** Activities one server (the host of the actor whose signature was checked) may hand us in a minute, from any address. */
const SERVER_ACTIVITIES_PER_MINUTE = 600;
/**
 * Activities of one server waiting to be handled: past this its next ones are refused until the queue drains, so no
 * server fills the job queue for the others.
 */
const SERVER_INBOX_BACKLOG = 500;
/** When a server whose activities wait is asked to try again: about as long as handling its backlog takes. */
const BACKLOG_RETRY_SECONDS = 60;
/**
 * Inbox posts handled at once; the rest wait their turn. Checking a signature and reading JSON-LD is work on the
 * server's thread: a bounded number of them in progress keeps room between them for every other request.
 */
const INBOX_CONCURRENCY = 8;
/** Inbox posts waiting their turn at most (each holds its body in memory); past it, senders are asked to come back. */
const INBOX_WAITING = 256;
const INBOX_BUSY_RETRY_SECONDS = 10;
/** How long a server refused before its signature is checked stays refused without asking again. */
const REFUSAL_MEMORY_MS = 1000;
/** Looking up `@name@host` asks another server: plenty for a person, too few to use the site to scan others. */
const REMOTE_LOOKUPS_PER_HOUR = { member: 120, address: 300 };

/** What other servers ask of this one: WebFinger, NodeInfo, actors, their collections and the inboxes. */
const FEDERATION_PATHS = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/ap/*'];

export async function federationRoutes(
  app: FastifyInstance,
  opts: { federation: FederationService; limiter: RateLimiter; limitMultiplier: number },
): Promise<void> {
  const { federation, limiter } = opts;

  route(app, endpoints.lookup, async (request) => {
    const lookups = (max: number) => max * opts.limitMultiplier;
    await enforceLimit(
      limiter,
      `remote-lookup:member:${request.viewer.id}`,
      lookups(REMOTE_LOOKUPS_PER_HOUR.member),
      HOUR_MS,
      true,
      'often',
    );
    await enforceLimit(limiter, `remote-lookup:ip:${request.ip}`, lookups(REMOTE_LOOKUPS_PER_HOUR.address), HOUR_MS, true, 'often');
    return { person: await federation.lookup(request.viewer.id, request.query.q) };
  });
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
  route(app, endpoints.person, async (request) => federation.personPage(request.viewer.id, request.params.personId, request.query));
  route(app, endpoints.block, async (request) => federation.block(request.viewer.id, request.params.personId));
  route(app, endpoints.unblock, async (request) => federation.unblock(request.viewer.id, request.params.personId));
  route(app, endpoints.blocked, async (request) => federation.blocked(request.viewer.id));
  route(app, endpoints.deliveries, async (request) => federation.deliveries(request.viewer));
  route(app, endpoints.retryDeliveries, async (request) => federation.retryDeliveries(request.viewer, request.params.host));
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
    const tooMany = (reply: FastifyReply, seconds: number) =>
      reply.status(429).header('Retry-After', String(seconds)).type('text/plain').send('Too many requests');
    const refuse = (reply: FastifyReply, refusal: InboxRefusal) =>
      refusal.status === 403 ? reply.status(403).type('text/plain').send('Blocked') : tooMany(reply, refusal.retryAfterSeconds);
    /** Whether a server whose signature was checked may hand us one more activity now (see fedify.ts). */
    const admit = async (host: string): Promise<InboxRefusal | null> => {
      if (await federation.isBlocked(host)) return { status: 403 };
      const { count, resetAt } = await limiter.hit(`inbox-server:${host}`, 60_000);
      if (count > SERVER_ACTIVITIES_PER_MINUTE * opts.limitMultiplier) return { status: 429, retryAfterSeconds: secondsUntil(resetAt) };
      if ((await federation.inboxBacklog(host)) >= SERVER_INBOX_BACKLOG) return { status: 429, retryAfterSeconds: BACKLOG_RETRY_SECONDS };
      return null;
    };
    /**
     * The same question before the signature is checked, about the server the signature names, counting nothing: a
     * server blocked or already over its share is refused without the work of checking, and a forger naming another
     * server's key only has their own request refused.
     */
    const alreadyOver = async (host: string): Promise<InboxRefusal | null> => {
      const remembered = refusals.get(host);
      if (remembered && remembered.until > Date.now()) return remembered.refusal;
      let refusal: InboxRefusal | null = null;
      const { count, resetAt } = await limiter.peek(`inbox-server:${host}`);
      if (await federation.isBlocked(host)) refusal = { status: 403 };
      else if (count >= SERVER_ACTIVITIES_PER_MINUTE * opts.limitMultiplier)
        refusal = { status: 429, retryAfterSeconds: secondsUntil(resetAt) };
      else if ((await federation.inboxBacklog(host)) >= SERVER_INBOX_BACKLOG)
        refusal = { status: 429, retryAfterSeconds: BACKLOG_RETRY_SECONDS };
      if (refusal) {
        if (refusals.size > 10_000) refusals.clear();
        refusals.set(host, { refusal, until: Date.now() + REFUSAL_MEMORY_MS });
      }
      return refusal;
    };
    /** Refusals made before checking signatures, remembered a moment: a flood is refused without asking the database. */
    const refusals = new Map<string, { refusal: InboxRefusal; until: number }>();
    const turns = turnstile(INBOX_CONCURRENCY);
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const body = parsedBody(request);
      if (request.method === 'POST') {
        const { count, resetAt } = await limiter.hit(`inbox:${request.ip}`, 60_000);
        if (count > INBOX_POSTS_PER_MINUTE * opts.limitMultiplier) return tooMany(reply, secondsUntil(resetAt));
        if (body !== undefined && depthOf(body) > MAX_DEPTH) return reply.status(400).type('text/plain').send('Nested too deeply');
        const named = signingHost(request);
        const refusal = named ? await alreadyOver(named) : null;
        if (refusal !== null) return refuse(reply, refusal);
      }
      const state: InboxRequest = { body, admit };
      const handle = () =>
        inboxRequest.run(state, () =>
          federation.framework.fetch(toWebRequest(request, federation.publicUrl), {
            contextData: undefined,
            onNotFound: () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } }),
            onNotAcceptable: () =>
              new Response('Not acceptable', { status: 406, headers: { 'Content-Type': 'text/plain', Vary: 'Accept' } }),
          }),
        );
      if (request.method === 'POST' && turns.waiting() >= INBOX_WAITING) return tooMany(reply, INBOX_BUSY_RETRY_SECONDS);
      const response = request.method === 'POST' ? await turns.run(handle) : await handle();
      if (state.refused) {
        await response.body?.cancel();
        return refuse(reply, state.refused);
      }
      reply.status(response.status);
      response.headers.forEach((value, name) => void reply.header(name, value));
      return reply.send(Buffer.from(await response.arrayBuffer()));
    };
    for (const url of FEDERATION_PATHS) server.route({ method: ['GET', 'HEAD', 'POST'], url, handler });
  });
}

const secondsUntil = (time: number) => Math.max(1, Math.ceil((time - Date.now()) / 1000));

/** The host of the key a request's signature names (draft-cavage `keyId`, RFC 9421 `keyid`), unchecked; null if none. */
function signingHost(request: FastifyRequest): string | null {
  const header = [request.headers.signature, request.headers['signature-input']].find((value) => typeof value === 'string');
  const keyId = typeof header === 'string' ? /keyid="([^"]{1,2000})"/i.exec(header)?.[1] : undefined;
  if (!keyId) return null;
  try {
    return new URL(keyId).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Runs at most `limit` tasks at once; the others wait, in order (`waiting` of them). */
function turnstile(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    waiting: () => waiting.length,
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
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
