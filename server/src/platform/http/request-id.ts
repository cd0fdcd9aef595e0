import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** An id a proxy in front already gave the request is kept when it is plain: it can go into logs and headers as it is. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the incoming X-Request-Id when safe, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

interface ErrorPayload {
  error: Record<string, unknown>;
}

function isErrorPayload(payload: unknown): payload is ErrorPayload {
  if (typeof payload !== 'object' || payload === null) return false;
  const { error } = payload as { error?: unknown };
  return typeof error === 'object' && error !== null && !Array.isArray(error);
}

/**
 * Every answer names its request in `X-Request-Id`, and every error body in `error.requestId`, so a person reporting
 * a problem gives the id that finds its log lines (each carries it as `reqId`).
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Before serialization: the body is still an object, and the error schema lets the field through.
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !isErrorPayload(payload)) return payload;
    return { ...payload, error: { ...payload.error, requestId: request.id } };
  });
}
