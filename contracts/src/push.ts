import { z } from 'zod';
import { OkSchema } from './accounts.ts';
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';

/**
 * Web Push (decision 084): a device (a browser's push subscription) asks for pushes of the member's notifications and
 * messages. The browser's `PushSubscription.toJSON()` is the body as it comes: its endpoint, the P-256 public key
 * (`p256dh`, 65 bytes) and the 16-byte auth secret the pushes are encrypted for, both base64url without padding.
 */

/** A P-256 public key, uncompressed (0x04 first, so "B" first in base64url): 65 bytes, 87 characters. */
const P256DH = /^B[A-Za-z0-9_-]{86}$/;
/** The auth secret: 16 bytes, 22 characters. */
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}$/;

export const PushKeysSchema = z.object({
  p256dh: z
    .string({ error: 'push_key_format' })
    .regex(P256DH, { error: 'push_key_format' })
    .meta({ examples: ['BCG8tuL5ESm2L6EPhVPfUPQL5i2kY30ca-CS5ksKkiqatavrwfBMRABe9xA0AoV9eQWOJR3RApYcE7ojv_6VsJw'] }),
  auth: z
    .string({ error: 'push_auth_format' })
    .regex(AUTH_SECRET, { error: 'push_auth_format' })
    .meta({ examples: ['OcZ_55OSZsigPO8uoO5ZMg'] }),
});

/** Push services are reached over https only (RFC 8030); web-push speaks nothing else. */
export const PushEndpointSchema = z
  .url({ protocol: /^https$/, error: 'push_endpoint_format' })
  .max(1000, { error: 'push_endpoint_format' });

export const PushSubscriptionBodySchema = z.object({
  endpoint: PushEndpointSchema,
  /** When the push service will end the subscription, if it says (milliseconds since 1970); not used by the site. */
  expirationTime: z.number().nullable().optional(),
  keys: PushKeysSchema,
  /** How the device is named in the member's list of them (the browser and system); the server reads its User-Agent without it. */
  label: z.string().trim().max(100).optional(),
});
export type PushSubscriptionBody = z.input<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.object({ endpoint: PushEndpointSchema });
export type PushUnsubscribeBody = z.input<typeof PushUnsubscribeBodySchema>;

/** A device that gets pushes: never its keys. */
export const PushSubscriptionSchema = z.object({
  endpoint: z.string(),
  label: z.string(),
  createdAt: z.string(),
  /** When a push last reached the device's push service. */
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

export const PushKeySchema = z.object({
  /** The site's VAPID public key (base64url), the `applicationServerKey` a browser subscribes with. */
  publicKey: z.string(),
});

/**
 * What a push carries (encrypted for the device; the service worker shows it). Only what the member may see on the
 * site: who did what, in the member's language, never a message's text.
 */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The site path to open when the notification is clicked. */
  url: z.string(),
  /** Pushes with one tag replace each other on the device (one per conversation, one per kind and subject). */
  tag: z.string(),
  /** Unread notifications and conversations, for the app's badge. */
  badge: z.number().int().nonnegative(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

const tags = ['push'];

export const pushEndpoints = {
  key: endpoint({
    method: 'GET',
    path: PUSH_KEY_PATH,
    tags,
    summary: "The site's VAPID public key, which a browser subscribes to pushes with (applicationServerKey)",
    responses: { 200: PushKeySchema },
  }),
  subscribe: endpoint({
    method: 'POST',
    path: PUSH_SUBSCRIPTIONS_PATH,
    access: 'members',
    tags,
    summary:
      "Push this member's notifications and messages to a device: the browser's PushSubscription (endpoint and keys), kept with the session it was made in",
    body: PushSubscriptionBodySchema,
    responses: { 200: PushSubscriptionSchema, ...errorResponses(400, 401, 403, 429) },
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: PUSH_SUBSCRIPTIONS_PATH,
    access: 'members',
    tags,
    summary: 'Stop pushes to one of your devices, named by its endpoint',
    body: PushUnsubscribeBodySchema,
    responses: { 200: OkSchema, ...errorResponses(400, 401, 404) },
  }),
};
