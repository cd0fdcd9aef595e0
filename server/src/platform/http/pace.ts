import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { enforceLimit, HOUR_MS, type RateLimiter } from '../auth/rate-limiter.ts';

/**
 * How many of each costly action one person may take in an hour. Generous for a person, tight for a script:
 * each of these writes rows other people see, sends nothing back cheaply, or does heavy work (images, CSV).
 */
export const PACE_PER_HOUR = {
  review: 30,
  comment: 120,
  follow: 120,
  collection: 60,
  listen: 300,
  picture: 20,
  import: 10,
  /** A direct message: plenty for a lively conversation, too few to spam many people. */
  message: 300,
} as const;

export type Pace = keyof typeof PACE_PER_HOUR;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that is one of the costly actions: its requests count against the person's hourly pace. */
    pace?: Pace;
  }
}

/**
 * Enforces the pace of routes that declare `config: { pace }`, per signed-in person, in the shared limiter
 * (Redis when configured, so every server process counts together). Visitors are left to the route's own 401.
 */
const pacePlugin: FastifyPluginAsync<{ limiter: RateLimiter }> = async (app, { limiter }) => {
  app.addHook('preHandler', async (request) => {
    const pace = request.routeOptions.config.pace;
    if (!pace || !request.viewer) return;
    await enforceLimit(limiter, `pace:${pace}:${request.viewer.id}`, PACE_PER_HOUR[pace], HOUR_MS, true, 'You are doing this too often.');
  });
};

export const paceLimits = fastifyPlugin(pacePlugin);
