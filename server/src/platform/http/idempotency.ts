import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/index.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import { claimKey, deleteExpired, findKey, recordAnswer, releaseKey, takeOverAbandoned } from './idempotency.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds while it runs, its answer to be kept for the key's repeats. */
    idempotency: { userId: string; key: string; settled: boolean } | null;
  }
}

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A first request not answered by then was lost with its process: a repeat runs it again rather than waiting a day. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
/** Letters, digits, `-` and `_`: a UUID, or any random id long enough not to be guessed. */
const KEY = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The key of an `Idempotency-Key` header: the draft's form is a structured-field string (`"…"`), and the bare form
 * most APIs take is accepted too. Null for anything else, or for the header sent twice.
 */
export function idempotencyKeyOf(header: string | string[]): string | null {
  if (Array.isArray(header)) return null;
  const value = header.trim();
  const key = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  return KEY.test(key) ? key : null;
}

/** The same JSON text for the same value, whatever order its object keys came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** What tells one request from another under the same key: its method, URL and body as validated. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, url, canonical(body ?? null)]))
    .digest('base64url');
}

/**
 * Idempotency keys (decision 085, the IETF httpapi draft's `Idempotency-Key`) for the writes whose declaration says
 * `idempotent`: a phone's outbox sends them again when it cannot know whether the first attempt arrived. Per member and
 * key, the first request runs and its answer (status and body) is kept a day; a repeat of the same request is answered
 * that, without running again; the key with another request is 422 `idempotency_key_reused`, and a repeat while the
 * first still runs 409 `idempotency_key_in_flight`. A failure of ours (5xx) or a 429 keeps nothing, so the repeat runs.
 * Keys past their day are deleted as new ones are written.
 *
 * Registered before compression: the answer is kept as the JSON text the route wrote.
 */
export function registerIdempotencyKeys(app: FastifyInstance, { db, clock }: { db: DB; clock: () => Date }): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !request.routeOptions.config.endpoint?.idempotent || !request.viewer) return;
    const key = idempotencyKeyOf(header);
    if (!key) throw badRequest('idempotency_key_invalid');
    const userId = request.viewer.id;
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    const now = clock();
    const stamp = now.toISOString();
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS).toISOString();
    await deleteExpired(db, stamp);
    const row = { user_id: userId, key, fingerprint, status: null, response: null, created_at: stamp, expires_at: expiresAt };
    if (await claimKey(db, row)) {
      request.idempotency = { userId, key, settled: false };
      return;
    }
    const earlier = await findKey(db, userId, key);
    // Gone between the two reads: its day ended just now, or its request failed on our side; either way it is taken.
    if (!earlier) throw conflict('idempotency_key_in_flight');
    if (earlier.fingerprint !== fingerprint) throw new AppError(422, 'idempotency_key_reused');
    if (earlier.status === null || earlier.response === null) {
      const abandoned = now.getTime() - Date.parse(earlier.created_at) > ABANDONED_AFTER_MS;
      if (abandoned && (await takeOverAbandoned(db, earlier, stamp, expiresAt))) {
        request.idempotency = { userId, key, settled: false };
        return;
      }
      throw conflict('idempotency_key_in_flight');
    }
    return reply
      .status(earlier.status)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(earlier.response);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held || held.settled) return payload;
    held.settled = true;
    const kept = reply.statusCode < 500 && reply.statusCode !== 429 && typeof payload === 'string';
    if (kept) await recordAnswer(db, held.userId, held.key, reply.statusCode, payload);
    else await releaseKey(db, held.userId, held.key);
    return payload;
  });

  // A request that ended without an answer (the client went away first) frees its key.
  app.addHook('onResponse', async (request) => {
    const held = request.idempotency;
    if (!held || held.settled) return;
    held.settled = true;
    await releaseKey(db, held.userId, held.key);
  });
}
