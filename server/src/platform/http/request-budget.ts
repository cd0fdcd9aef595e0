import type { FastifyReply } from 'fastify';
import type { RateLimiter } from '../auth/rate-limiter.ts';

/** Requests allowed in a window: a personal access token's budget, reads and writes together. */
export interface RequestBudget {
  requests: number;
  windowMs: number;
}

/**
 * Counts one request against a budget (a token's, by `token:<id>`) and writes the `RateLimit-*` headers: whether the
 * budget is spent, what is left, and when it renews (in seconds from now, and as a moment in milliseconds).
 */
export async function chargeRequest(limiter: RateLimiter, budget: RequestBudget, key: string, reply: FastifyReply) {
  const state = await limiter.hit(key, budget.windowMs);
  const reset = Math.max(1, Math.ceil((state.resetAt - Date.now()) / 1000));
  const remaining = Math.max(0, budget.requests - state.count);
  reply.headers({
    'ratelimit-policy': `${budget.requests};w=${Math.round(budget.windowMs / 1000)}`,
    'ratelimit-limit': String(budget.requests),
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(reset),
  });
  return { limited: state.count > budget.requests, reset, remaining, resetAt: state.resetAt };
}
