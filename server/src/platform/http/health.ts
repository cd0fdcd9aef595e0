import { HealthSchema, ReadinessSchema } from '@hearsay/contracts/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export type ReadinessCheck = () => Promise<void>;

/** /healthz: the process is up. /readyz: its dependencies (database, Redis) answer; 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod<{ checks: Record<string, ReadinessCheck> }> = async (app, { checks }) => {
  app.get('/healthz', { logLevel: 'warn', schema: { tags: ['operations'], response: { 200: HealthSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { tags: ['operations'], response: { 200: ReadinessSchema, 503: ReadinessSchema } } },
    async (request, reply) => {
      const results = await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
            return [name, 'ok'] as const;
          } catch (error) {
            request.log.warn({ err: error, check: name }, 'readiness check failed');
            return [name, 'failed'] as const;
          }
        }),
      );
      const ready = results.every(([, status]) => status === 'ok');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) });
    },
  );
};
