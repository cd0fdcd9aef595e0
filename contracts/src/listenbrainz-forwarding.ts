import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

/**
 * PUT /api/me/listening/forwarding — a member's ListenBrainz user token (Settings on listenbrainz.org), and for a
 * server of their own that speaks its API, that server's API root (listenbrainz.org's when left out).
 */
export const ConnectForwardingBodySchema = z
  .object({
    token: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[\x21-\x7e]+$/, { error: 'listenbrainz_token_format' }),
    apiRoot: z
      .url({ protocol: /^https?$/, error: 'listenbrainz_api_root_format' })
      .max(300)
      .optional(),
  })
  .strict();
export type ConnectForwardingBody = z.input<typeof ConnectForwardingBodySchema>;

/**
 * Why forwarding last went wrong: `token_refused` (the server refused the token: forwarding stopped until another is
 * given), `token_unreadable` (the site's secret changed: give the token again), `address_refused`, `unreachable`,
 * `rate_limited` (tried again later by itself), `listen_refused` (one listen was refused and left out),
 * `forwarding_failed`.
 */
export const ForwardingErrorCodeSchema = z.string();

/**
 * The member's connection: the ListenBrainz user it forwards to, whether it forwards now, how many listens went and
 * when the last did, what last went wrong. The token itself is never given back.
 */
export const ForwardingConnectionSchema = z.object({
  apiRoot: z.string(),
  userName: z.string(),
  forwarding: z.boolean(),
  forwardedCount: z.number().int(),
  lastForwardedAt: z.string().nullable(),
  lastError: z.object({ code: ForwardingErrorCodeSchema, at: z.string() }).nullable(),
});
export type ForwardingConnection = z.infer<typeof ForwardingConnectionSchema>;

export const ForwardingStatusSchema = z.object({ connection: ForwardingConnectionSchema.nullable() });
export type ForwardingStatus = z.infer<typeof ForwardingStatusSchema>;

const tags = ['listening'];

export const listenbrainzForwardingEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/me/listening/forwarding',
    access: 'members',
    tags,
    summary: 'Whether your listens from players are forwarded to your ListenBrainz account, as whom, and how it went',
    responses: { 200: ForwardingStatusSchema, ...errorResponses(401) },
  }),
  connect: endpoint({
    method: 'PUT',
    path: '/api/me/listening/forwarding',
    access: 'members',
    tags,
    summary: 'Forward your listens from players to your ListenBrainz account: the token is checked with that server, then kept sealed',
    body: ConnectForwardingBodySchema,
    responses: { 200: ForwardingStatusSchema, ...errorResponses(400, 401, 403, 429, 502) },
  }),
  disconnect: endpoint({
    method: 'DELETE',
    path: '/api/me/listening/forwarding',
    access: 'members',
    tags,
    summary: 'Stop forwarding to ListenBrainz and forget the token',
    responses: { 200: ForwardingStatusSchema, ...errorResponses(401) },
  }),
};
