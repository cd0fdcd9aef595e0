import { z } from 'zod';
import { OkSchema } from './accounts.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

/**
 * Personal access tokens (Settings → Security): a member's own scripts and tools call the API with
 * `Authorization: Bearer hsy_…`. `read` allows GET and HEAD; `write` also allows POST, PUT, PATCH and DELETE.
 * `listens:write` is for a music player: it submits and reads listens through the ListenBrainz-compatible API
 * (`/1/…`, `Authorization: Token hsy_…`) and reaches nothing else. No token reaches the account's security (tokens,
 * password, two-factor, sessions, sign-in, deleting the account).
 */
export const TOKEN_SCOPES = ['read', 'write', 'listens:write'] as const;
export const TokenScopeSchema = z.enum(TOKEN_SCOPES, { error: 'token_scopes' });
export type TokenScope = z.infer<typeof TokenScopeSchema>;

export const TOKEN_EXPIRIES = ['30d', '90d', '1y', 'never'] as const;
export const TokenExpirySchema = z.enum(TOKEN_EXPIRIES, { error: 'token_expiry' });
export type TokenExpiry = z.infer<typeof TokenExpirySchema>;

/** Tokens a member may hold at once (revoked and expired ones do not count). */
export const MAX_ACTIVE_TOKENS = 20;
export const TOKEN_NAME_MAX = 60;
/** What every token starts with, so that a leaked one is easy to recognise (and to scan for). */
export const TOKEN_PREFIX = 'hsy_';

export const CreateTokenBodySchema = z.object({
  name: z
    .string({ error: 'token_name_required' })
    .trim()
    .min(1, { error: 'token_name_required' })
    .max(TOKEN_NAME_MAX, { error: 'token_name_too_long' }),
  /** `write` implies `read`: a token with `["write"]` gets both. */
  scopes: z.array(TokenScopeSchema).min(1, { error: 'token_scope_required' }).max(TOKEN_SCOPES.length),
  expiresIn: TokenExpirySchema.default('90d'),
  /**
   * The current password: a session alone cannot mint a credential that outlives it. Members who sign in only
   * through a provider have none and send none; for them a sign-in within the last hour is the confirmation.
   */
  password: z.string().max(1024).optional(),
});
export type CreateTokenBody = z.input<typeof CreateTokenBodySchema>;

export const AccessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(TokenScopeSchema),
  /** The first characters after `hsy_`: enough to tell tokens apart, never enough to use one. */
  prefix: z.string(),
  createdAt: z.string().describe('An ISO 8601 timestamp (UTC).'),
  /** Null when the token never expires. */
  expiresAt: z.string().nullable().describe('An ISO 8601 timestamp (UTC), or null for a token that never expires.'),
  expired: z.boolean(),
  /** The day (UTC) the token was last used; no more precise than that. */
  lastUsedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .describe('YYYY-MM-DD (UTC), or null when never used.'),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

export const AccessTokenListSchema = z.object({ tokens: z.array(AccessTokenSchema), limit: z.number().int() });
export type AccessTokenList = z.infer<typeof AccessTokenListSchema>;

/** The answer to creating a token: the only time its secret is shown. */
export const CreatedTokenSchema = z.object({
  token: AccessTokenSchema,
  secret: z.string().describe('The token itself (hsy_…). Shown once: Hearsay keeps only its hash.'),
});
export type CreatedToken = z.infer<typeof CreatedTokenSchema>;

export const TokenParamsSchema = z.object({ tokenId: z.string().min(1).max(100) });

const tags = ['access tokens'];

export const accessTokensEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/me/tokens',
    access: 'members',
    tags,
    summary: 'Your personal access tokens (never their secrets); revoked tokens are left out',
    responses: { 200: AccessTokenListSchema, ...errorResponses(401) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/me/tokens',
    access: 'members',
    tags,
    summary: 'Create a personal access token (current password required); its secret is in this answer only',
    body: CreateTokenBodySchema,
    responses: { 201: CreatedTokenSchema, ...errorResponses(400, 401, 403, 409, 429) },
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/me/tokens/:tokenId',
    access: 'members',
    tags,
    summary: 'Revoke one of your tokens: it stops working at once',
    params: TokenParamsSchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 404) },
  }),
};
