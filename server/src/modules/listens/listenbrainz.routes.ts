import type { TokenScope } from '@hearsay/contracts/access-tokens';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RateLimiter } from '../../platform/auth/rate-limiter.ts';
import { isDatabaseUnavailable } from '../../platform/db/index.ts';
import { chargeRequest, type RequestBudget } from '../../platform/http/request-budget.ts';
import type { AccessTokensService } from '../access-tokens/access-tokens.service.ts';
import { MAX_LISTEN_PAYLOAD_SIZE } from './listenbrainz-payload.ts';
import type { ListenBrainzService } from './listenbrainz.service.ts';

/*
 * The ListenBrainz-compatible API at /1/ (decision 072): the paths, answers and error bodies of ListenBrainz's own API
 * (https://listenbrainz.readthedocs.io/en/latest/users/api/core.html), so that a player given the site's address and a
 * personal access token works unchanged. Outside /api/: these routes answer in ListenBrainz's shapes, authenticate
 * by `Authorization: Token hsy_…` themselves, and ignore the session cookie.
 */

export interface ListenBrainzRoutesOptions {
  listenBrainz: ListenBrainzService;
  tokens: Pick<AccessTokensService, 'authenticate'>;
  limiter: RateLimiter;
  rateLimit: RequestBudget;
  /** A suspended or banned member's player is refused (their listens would not show anyway). */
  sanctioned: (viewer: { id: string; email: string }) => Promise<boolean>;
}

/** The scopes that may submit listens: the player's own, and a full write token. */
export const SUBMIT_SCOPES: readonly TokenScope[] = ['listens:write', 'write'];

/** The submission route as the router names it (the CSRF guard lets it through: it reads no cookie). */
export const LISTENBRAINZ_SUBMIT_ROUTE = '/1/submit-listens';

/** How many listens a client may ask for at once, and by default. */
const MAX_ITEMS_PER_GET = 1000;
const DEFAULT_ITEMS_PER_GET = 25;
/** Query timestamps beyond this are refused rather than read (no listen is that far away). */
const TS_LIMIT = 1e11;

/** An error in ListenBrainz's shape: `{ "code": status, "error": message }`. */
export class ListenBrainzError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

type Access = 'submit' | 'read' | 'validate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A /1/ route: what its token must allow (`validate` reads the token itself). */
    listenBrainz?: Access;
  }
}

const AUTHORIZATION = /^(Token|Bearer)\s+(\S+)\s*$/i;

const tags = ['listenbrainz'];
const UserParams = z.object({ user_name: z.string().min(1).max(200).describe('The member’s username.') });
const ListensQuery = z.object({
  min_ts: z.string().optional().describe('Unix seconds: only listens after this moment (the ones just after it).'),
  max_ts: z.string().optional().describe('Unix seconds: only listens before this moment.'),
  count: z.string().optional().describe(`How many listens (default ${DEFAULT_ITEMS_PER_GET}, at most ${MAX_ITEMS_PER_GET}).`),
});
const ErrorSchema = z.object({ code: z.number().int(), error: z.string() });
const StatusSchema = z.object({ status: z.literal('ok') });
const TrackMetadataSchema = z.object({
  artist_name: z.string(),
  track_name: z.string(),
  release_name: z.string().optional(),
  additional_info: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      'Free-form: duration_ms or duration, recording_mbid, release_mbid, release_group_mbid, artist_mbids, tags, submission_client, submission_client_version, …',
    ),
});
const SubmissionSchema = z.object({
  listen_type: z.enum(['single', 'playing_now', 'import']),
  payload: z
    .array(
      z.object({
        listened_at: z.number().int().optional().describe('Unix seconds; omitted for playing_now.'),
        track_metadata: TrackMetadataSchema,
      }),
    )
    .min(1)
    .max(1000),
});
const ListenSchema = z.object({
  inserted_at: z.number().int(),
  listened_at: z.number().int(),
  recording_msid: z.null(),
  track_metadata: TrackMetadataSchema,
  user_name: z.string(),
});
const ListensSchema = z.object({
  payload: z.object({
    count: z.number().int(),
    latest_listen_ts: z.number().int(),
    listens: z.array(ListenSchema),
    oldest_listen_ts: z.number().int(),
    user_id: z.string(),
  }),
});
const PlayingNowSchema = z.object({
  payload: z.object({
    count: z.number().int(),
    listens: z.array(z.object({ playing_now: z.literal(true), track_metadata: TrackMetadataSchema, user_name: z.string() })),
    playing_now: z.literal(true),
    user_id: z.string(),
  }),
});
const ValidateTokenSchema = z.object({
  code: z.literal(200),
  message: z.string(),
  valid: z.boolean(),
  user_name: z.string().optional(),
});
const security = [{ listenBrainzToken: [] }];

export const listenBrainzRoutes: FastifyPluginAsync<ListenBrainzRoutesOptions> = async (app, options) => {
  const { listenBrainz, tokens, limiter, rateLimit } = options;

  // A player may send its document with any content type, or none: the body is read as bytes and checked by
  // readSubmission. A longer body than any submission is refused from its Content-Length, before it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_LISTEN_PAYLOAD_SIZE }, (_request, body, done) => done(null, body));
  // The schemas validate the path and the query; the body is checked by readSubmission, and answers are written as given.
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart === 'body') return (data) => ({ value: data });
    const zod = schema as z.ZodType;
    return (data) => {
      const parsed = zod.safeParse(data);
      return parsed.success
        ? { value: parsed.data }
        : { error: new ListenBrainzError(400, 'Invalid request: ' + parsed.error.issues[0]!.message) };
    };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof ListenBrainzError) {
      return reply.status(error.statusCode).headers(error.headers).send({ code: error.statusCode, error: error.message });
    }
    const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(400).send({ code: 400, error: `Payload too large. Payload cannot exceed ${MAX_LISTEN_PAYLOAD_SIZE} bytes` });
    }
    if (error.code === 'FST_ERR_VALIDATION' && 'validation' in error) {
      const first = (error as { validation?: Array<{ message?: string }> }).validation?.[0]?.message;
      return reply.status(400).send({ code: 400, error: first ?? 'Invalid request.' });
    }
    if (statusCode < 500) return reply.status(statusCode).send({ code: statusCode, error: error.message });
    if (isDatabaseUnavailable(error)) {
      // Not the player's fault: it keeps the listens and tries again later.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: 503, error: 'Cannot record listens at this time, please try again later.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 500, error: 'An unknown error occured.' });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: 404, error: 'The requested URL was not found on the server.' }),
  );

  // Authenticates before the body is read: a request without a usable token never costs its upload.
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.listenBrainz;
    if (!access) return;
    // A session cookie means nothing here: only a token says who is asking.
    request.viewer = null;
    const header = request.headers.authorization;
    if (access === 'validate' || (access === 'read' && !header)) {
      await charge(request, reply, `listenbrainz:ip:${request.ip}`);
      return;
    }
    if (!header) throw new ListenBrainzError(401, 'You need to provide an Authorization header.');
    const secret = AUTHORIZATION.exec(header)?.[2];
    if (!secret) throw new ListenBrainzError(401, 'Provided Authorization header is invalid.');
    const authentication = await tokens.authenticate(secret);
    if (!authentication.ok) throw new ListenBrainzError(401, 'Invalid authorization token.');
    await charge(request, reply, `token:${authentication.token.id}`);
    if (access === 'submit') {
      if (!authentication.token.scopes.some((scope) => SUBMIT_SCOPES.includes(scope))) {
        throw new ListenBrainzError(401, 'Insufficient scope.');
      }
      if (await options.sanctioned(authentication.viewer)) {
        throw new ListenBrainzError(401, 'User account is paused and is currently not accepting listens.');
      }
    }
    request.viewer = authentication.viewer;
    request.accessToken = authentication.token;
  });

  /** The request's budget, with ListenBrainz's `X-RateLimit-*` headers beside the `RateLimit-*` ones. */
  async function charge(request: FastifyRequest, reply: FastifyReply, key: string) {
    const { limited, reset, remaining, resetAt } = await chargeRequest(limiter, rateLimit, key, reply);
    reply.headers({
      'x-ratelimit-limit': String(rateLimit.requests),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset-in': String(reset),
      'x-ratelimit-reset': String(Math.ceil(resetAt / 1000)),
    });
    if (limited) {
      request.log.info({ key: key.startsWith('token:') ? key : 'address' }, 'listenbrainz rate limit');
      throw new ListenBrainzError(429, `Too many requests. Please wait ${reset} seconds before trying again.`, {
        'retry-after': String(reset),
      });
    }
  }

  app.post(
    '/submit-listens',
    {
      config: { listenBrainz: 'submit', ownAuthorization: true },
      bodyLimit: MAX_LISTEN_PAYLOAD_SIZE,
      schema: {
        tags,
        summary: 'Submit listens (single, import) or what is playing now (playing_now)',
        description:
          'ListenBrainz’s submission document (https://listenbrainz.readthedocs.io/en/latest/users/json.html). Needs a token with the `listens:write` or `write` scope, sent as `Authorization: Token hsy_…`. One refused listen refuses the whole request.',
        security,
        body: SubmissionSchema,
        response: { 200: StatusSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await listenBrainz.submit(request.viewer!.id, raw, request.headers['user-agent']);
      if (!outcome.ok) throw new ListenBrainzError(400, outcome.message);
      return { status: 'ok' };
    },
  );

  app.get(
    '/validate-token',
    {
      config: { listenBrainz: 'validate', ownAuthorization: true },
      schema: {
        tags,
        summary: 'Whether a token can submit listens, and whose it is',
        description:
          'The token comes as `Authorization: Token hsy_…`, or as `?token=` when there is no such header. A token that cannot submit listens (revoked, expired, or without the `listens:write` or `write` scope) answers `valid: false`.',
        querystring: z.object({ token: z.string().optional() }),
        response: { 200: ValidateTokenSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const header = request.headers.authorization;
      const fromHeader = header && /^token\s/i.test(header) ? header.trim().split(/\s+/)[1] : undefined;
      const secret = fromHeader ?? (request.query as { token?: string }).token ?? '';
      if (!secret) throw new ListenBrainzError(400, 'You need to provide an Authorization token.');
      const authentication = await tokens.authenticate(secret);
      if (!authentication.ok || !authentication.token.scopes.some((scope) => SUBMIT_SCOPES.includes(scope))) {
        return { code: 200, message: 'Token invalid.', valid: false };
      }
      return { code: 200, message: 'Token valid.', valid: true, user_name: authentication.viewer.username };
    },
  );

  app.get(
    '/user/:user_name/listens',
    {
      config: { listenBrainz: 'read', ownAuthorization: true },
      schema: {
        tags,
        summary: 'A member’s listens, newest first',
        description:
          'Readable when the member’s profile is open to the reader and they share their listening (Settings → Privacy), or by the member with their own token; otherwise 404, as for nobody.',
        security: [{}, ...security],
        params: UserParams,
        querystring: ListensQuery,
        response: { 200: ListensSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const { user_name: userName } = request.params as z.infer<typeof UserParams>;
      const query = request.query as z.infer<typeof ListensQuery>;
      const before = timestampArgument('max_ts', query.max_ts);
      const after = timestampArgument('min_ts', query.min_ts);
      if (before !== null && after !== null && before <= after) throw new ListenBrainzError(400, 'max_ts should be greater than min_ts');
      const count = countArgument(query.count);
      const listens = await listenBrainz.listens(userName, request.viewer?.id, { after, before, count });
      if (!listens) throw new ListenBrainzError(404, `Cannot find user: ${userName}`);
      return listens;
    },
  );

  app.get(
    '/user/:user_name/listen-count',
    {
      config: { listenBrainz: 'read', ownAuthorization: true },
      schema: {
        tags,
        summary: 'How many listens a member has',
        description: 'Readable as the member’s listens are.',
        security: [{}, ...security],
        params: UserParams,
        response: { 200: z.object({ payload: z.object({ count: z.number().int() }) }), 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const { user_name: userName } = request.params as z.infer<typeof UserParams>;
      const counted = await listenBrainz.listenCount(userName, request.viewer?.id);
      if (!counted) throw new ListenBrainzError(404, `Cannot find user: ${userName}`);
      return counted;
    },
  );

  app.get(
    '/user/:user_name/playing-now',
    {
      config: { listenBrainz: 'read', ownAuthorization: true },
      schema: {
        tags,
        summary: 'What a member’s player says is playing now (at most one track, no moment)',
        description: 'Readable as the member’s listens are.',
        security: [{}, ...security],
        params: UserParams,
        response: { 200: PlayingNowSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const { user_name: userName } = request.params as z.infer<typeof UserParams>;
      const playing = await listenBrainz.playingNow(userName, request.viewer?.id);
      if (!playing) throw new ListenBrainzError(404, `Cannot find user: ${userName}`);
      return playing;
    },
  );
};

/** A query timestamp: whole seconds, or a 400 naming it. */
function timestampArgument(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  const number = /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || Math.abs(number) > TS_LIMIT) {
    throw new ListenBrainzError(400, `Incorrect ${name} timestamp argument: ${value}`);
  }
  return number;
}

function countArgument(value: string | undefined): number {
  if (!value) return DEFAULT_ITEMS_PER_GET;
  const number = /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number)) throw new ListenBrainzError(400, `Invalid count argument: ${value}`);
  if (number < 0) throw new ListenBrainzError(400, 'Number of items requested should be positive');
  return Math.min(number, MAX_ITEMS_PER_GET);
}
