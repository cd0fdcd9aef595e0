import { z } from 'zod';
import { AlbumCardSchema, AlbumRefParamsSchema } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { pageOf, PageQuerySchema } from './pagination.ts';
import { looksRemote } from './remote-handle.ts';

export { looksRemote, REMOTE_HANDLE_PATTERN } from './remote-handle.ts';

/** A person of another site (a Hearsay site, NeoDB, BookWyrm, Mastodon, …) as this site knows them. */
export const RemotePersonSchema = z.object({
  id: z.string(),
  /** `name@host`, without the leading @. */
  handle: z.string(),
  name: z.string(),
  host: z.string(),
  avatarUrl: z.string().nullable(),
  /** Their profile on their own site. */
  url: z.string().nullable(),
  /** Plain text. */
  summary: z.string(),
  /** The viewer's follow: none, asked (waiting for their site's answer or their approval), or following. */
  follow: z.enum(['none', 'requested', 'following']),
});
export type RemotePerson = z.infer<typeof RemotePersonSchema>;

export const RemoteLookupQuerySchema = z.object({
  q: z
    .string({ error: 'remote_handle' })
    .trim()
    .max(300, { error: 'remote_handle' })
    .refine((value) => looksRemote(value), { error: 'remote_handle' }),
});
export type RemoteLookupQuery = z.infer<typeof RemoteLookupQuerySchema>;

export const RemotePersonParamsSchema = z.object({ personId: z.string().min(1).max(40) });

export const RemotePostParamsSchema = z.object({ postId: z.string().min(1).max(40) });
export const RemoteLikeAnswerSchema = z.object({ likedByViewer: z.boolean() });

export const RemotePersonAnswerSchema = z.object({ person: RemotePersonSchema });

/** A rating or review another site sent, as the home feed shows it beside this site's own. */
export const RemotePostSchema = z.object({
  id: z.string(),
  person: RemotePersonSchema.omit({ follow: true, summary: true }),
  /** Our album it is about, when it could be matched; else its title and artist as the other site named them. */
  album: AlbumCardSchema.nullable(),
  albumTitle: z.string(),
  albumArtist: z.string(),
  /** 1–10 (half stars), or null. */
  rating: z.number().int().min(1).max(10).nullable(),
  /** A review's title (empty for a rating alone). */
  title: z.string(),
  /** Sanitised HTML of the review (empty for a rating alone). */
  contentHtml: z.string(),
  /** The post on its own site. */
  url: z.string().nullable(),
  /** The viewer liked it (their like was sent to its site). */
  likedByViewer: z.boolean(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type RemotePost = z.infer<typeof RemotePostSchema>;
export const RemotePostPageSchema = pageOf(RemotePostSchema);
export type RemotePostPage = z.infer<typeof RemotePostPageSchema>;

/** A person of another site's page here: who they are, whether the viewer blocked them, and what we hold of theirs. */
export const RemotePersonPageSchema = z.object({
  person: RemotePersonSchema,
  /** The viewer blocked them: nothing of theirs reaches the viewer, nothing of the viewer's reaches them. */
  blocked: z.boolean(),
  /** Their ratings and reviews that reached this site, newest first. */
  posts: RemotePostPageSchema,
});
export type RemotePersonPage = z.infer<typeof RemotePersonPageSchema>;

export const RemoteBlockStateSchema = z.object({ blocked: z.boolean() });
export const RemoteBlockedSchema = z.object({ people: z.array(RemotePersonSchema) });

/** An operator's policy for a whole server: `block` (nothing in or out), `silence` (its people must ask to follow). */
export const HOST_POLICIES = ['block', 'silence'] as const;
export const HostPolicySchema = z.enum(HOST_POLICIES, { error: 'host_policy' });

export const FederatedHostSchema = z.object({ host: z.string(), policy: HostPolicySchema, createdAt: z.string() });
export type FederatedHost = z.infer<typeof FederatedHostSchema>;

/** What this site has for one server's inboxes: deliveries waiting, held back by its failures, and failed for good. */
export const FederatedDeliveriesSchema = z.object({
  host: z.string(),
  /** Waiting their turn, or being sent. */
  queued: z.number().int(),
  /** Waiting for a retry: the server failed lately, so everything to it waits (exponential backoff). */
  held: z.number().int(),
  /** Tried every time and failed: kept until tried again or the server is blocked. */
  failed: z.number().int(),
  lastError: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
});
export type FederatedDeliveries = z.infer<typeof FederatedDeliveriesSchema>;
const DeliveriesAnswerSchema = z.object({ servers: z.array(FederatedDeliveriesSchema) });

/** A server's name as other servers' addresses carry it: `example.com` or `example.com:8443`, lower case. */
export const HostParamsSchema = z.object({
  host: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]{1,253}(?::\d{1,5})?$/, { error: 'host_name' }),
});

export const SetHostPolicyBodySchema = z.object({ policy: HostPolicySchema });

/** Someone of another site asking to follow a member whose profile is not public (or whose server is silenced). */
export const RemoteFollowRequestsSchema = z.object({ people: z.array(RemotePersonSchema) });
export const AnswerRemoteRequestBodySchema = z.object({ accept: z.boolean({ error: 'accept_required' }) });

const tags = ['federation'];

export const federationEndpoints = {
  lookup: endpoint({
    method: 'GET',
    path: '/api/federation/people',
    access: 'members',
    tags,
    summary: 'Finds an account of another site by its handle (@name@host) or address, to follow it',
    query: RemoteLookupQuerySchema,
    responses: { 200: RemotePersonAnswerSchema, ...errorResponses(400, 401, 404, 429, 502) },
  }),
  follow: endpoint({
    method: 'PUT',
    path: '/api/federation/people/:personId/follow',
    access: 'members',
    tags,
    summary: 'Follows a person of another site (their site answers; until then the follow is requested)',
    params: RemotePersonParamsSchema,
    responses: { 200: RemotePersonAnswerSchema, ...errorResponses(401, 403, 404) },
  }),
  like: endpoint({
    method: 'PUT',
    path: '/api/federation/posts/:postId/like',
    access: 'members',
    tags,
    summary: 'Like a rating or review from another site (its author is told there)',
    params: RemotePostParamsSchema,
    responses: { 200: RemoteLikeAnswerSchema, ...errorResponses(401, 404) },
  }),
  unlike: endpoint({
    method: 'DELETE',
    path: '/api/federation/posts/:postId/like',
    access: 'members',
    tags,
    summary: 'Take back a like of a rating or review from another site',
    params: RemotePostParamsSchema,
    responses: { 200: RemoteLikeAnswerSchema, ...errorResponses(401, 404) },
  }),
  requests: endpoint({
    method: 'GET',
    path: '/api/federation/requests',
    access: 'members',
    tags,
    summary: 'People of other sites asking to follow you',
    responses: { 200: RemoteFollowRequestsSchema, ...errorResponses(401, 404) },
  }),
  answerRequest: endpoint({
    method: 'PUT',
    path: '/api/federation/requests/:personId',
    access: 'members',
    tags,
    summary: 'Accept or decline a follow request from a person of another site (their site is told)',
    params: RemotePersonParamsSchema,
    body: AnswerRemoteRequestBodySchema,
    responses: { 200: RemoteFollowRequestsSchema, ...errorResponses(400, 401, 404) },
  }),
  hosts: endpoint({
    method: 'GET',
    path: '/api/federation/hosts',
    access: 'members',
    tags,
    summary: 'Admins: the servers this site blocks or silences',
    responses: { 200: z.object({ hosts: z.array(FederatedHostSchema) }), ...errorResponses(401, 404) },
  }),
  setHost: endpoint({
    method: 'PUT',
    path: '/api/federation/hosts/:host',
    access: 'members',
    tags,
    summary: 'Admins: block a whole server (nothing in or out, its follows end) or silence it (its people must ask to follow)',
    params: HostParamsSchema,
    body: SetHostPolicyBodySchema,
    responses: { 200: z.object({ hosts: z.array(FederatedHostSchema) }), ...errorResponses(400, 401, 404) },
  }),
  removeHost: endpoint({
    method: 'DELETE',
    path: '/api/federation/hosts/:host',
    access: 'members',
    tags,
    summary: 'Admins: federate with a server again',
    params: HostParamsSchema,
    responses: { 200: z.object({ hosts: z.array(FederatedHostSchema) }), ...errorResponses(400, 401, 404) },
  }),
  person: endpoint({
    method: 'GET',
    path: '/api/federation/people/:personId',
    access: 'members',
    tags,
    summary: 'A person of another site this site knows: who they are and their ratings and reviews that reached it, newest first',
    params: RemotePersonParamsSchema,
    query: PageQuerySchema,
    responses: { 200: RemotePersonPageSchema, ...errorResponses(400, 401, 404) },
  }),
  block: endpoint({
    method: 'PUT',
    path: '/api/federation/people/:personId/block',
    access: 'members',
    tags,
    summary: 'Block a person of another site: follows both ways end (their site is told), nothing of theirs reaches you',
    params: RemotePersonParamsSchema,
    responses: { 200: RemoteBlockStateSchema, ...errorResponses(401, 404) },
  }),
  unblock: endpoint({
    method: 'DELETE',
    path: '/api/federation/people/:personId/block',
    access: 'members',
    tags,
    summary: 'Unblock a person of another site (idempotent); the follows the block ended do not come back',
    params: RemotePersonParamsSchema,
    responses: { 200: RemoteBlockStateSchema, ...errorResponses(401, 404) },
  }),
  blocked: endpoint({
    method: 'GET',
    path: '/api/federation/blocked',
    access: 'members',
    tags,
    summary: 'The people of other sites you blocked, newest first',
    responses: { 200: RemoteBlockedSchema, ...errorResponses(401) },
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/api/federation/deliveries',
    access: 'members',
    tags,
    summary: 'Admins: per server, the deliveries waiting, held back and failed for good, with the last error',
    responses: { 200: DeliveriesAnswerSchema, ...errorResponses(401, 404) },
  }),
  retryDeliveries: endpoint({
    method: 'POST',
    path: '/api/federation/deliveries/:host/retry',
    access: 'members',
    tags,
    summary: 'Admins: try a server’s failed deliveries again, at once',
    params: HostParamsSchema,
    responses: { 200: DeliveriesAnswerSchema, ...errorResponses(400, 401, 404) },
  }),
  albumReviews: endpoint({
    method: 'GET',
    path: '/api/albums/:albumId/remote-reviews',
    tags,
    summary:
      "Reviews of an album that people of other sites sent here (those someone here follows), newest first; apart from this site's own, and not in its averages",
    params: AlbumRefParamsSchema,
    query: PageQuerySchema,
    responses: { 200: RemotePostPageSchema, ...errorResponses(400, 404) },
  }),
  unfollow: endpoint({
    method: 'DELETE',
    path: '/api/federation/people/:personId/follow',
    access: 'members',
    tags,
    summary: 'Stops following a person of another site, or withdraws the request',
    params: RemotePersonParamsSchema,
    responses: { 200: RemotePersonAnswerSchema, ...errorResponses(401, 404) },
  }),
};
