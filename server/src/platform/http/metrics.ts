import Fastify, { type FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { countOpenJobs } from '../jobs/jobs.repository.ts';
import { errorBody } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads `Authorization` itself: a bearer there is not a personal access token. */
    ownAuthorization?: boolean;
  }
}

const METRICS_PATH = '/metrics';

/** Seconds; from a cached page to a slow import upload. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * This process's Prometheus metrics, in a registry of its own (each server process is a scrape target of its own).
 * Counters are bumped where things happen; gauges that cost a query (jobs) or a walk (sockets) are read on scrape.
 */
export function createMetrics(database: DatabaseHandle, sources: { openSockets: () => number }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'hearsay_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'hearsay_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const dbDuration = new Histogram({
    name: 'hearsay_db_query_duration_seconds',
    help: 'Database query time, by dialect and kind of query.',
    labelNames: ['dialect', 'kind'] as const,
    buckets: DB_BUCKETS,
    registers,
  });
  const stopObserving = database.observeQueries((kind, durationMs) =>
    dbDuration.observe({ dialect: database.dialect, kind }, durationMs / 1000),
  );
  const { poolState } = database;
  if (poolState) {
    new Gauge({
      name: 'hearsay_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for a connection (waiting).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pool = poolState();
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }
  new Gauge({
    name: 'hearsay_jobs',
    help: 'Background jobs queued, running or failed, by state and kind (shared database: the same for every process).',
    labelNames: ['state', 'kind'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        for (const row of await countOpenJobs(database.db)) this.set({ state: row.state, kind: row.kind }, row.count);
      } catch {
        // The database not answering shows in the readiness check; the other metrics are still worth having.
      }
    },
  });
  const jobFailures = new Counter({
    name: 'hearsay_job_failures_total',
    help: 'Background jobs that failed for good in this process, by kind.',
    labelNames: ['kind'] as const,
    registers,
  });
  new Gauge({
    name: 'hearsay_websocket_connections',
    help: 'Live-update WebSocket connections open in this process.',
    registers,
    collect() {
      this.set(sources.openSockets());
    },
  });
  const mails = new Counter({
    name: 'hearsay_emails_total',
    help: 'E-mails handed to SMTP (or the development outbox), by outcome: sent or failed.',
    labelNames: ['outcome'] as const,
    registers,
  });

  return {
    registry,
    requestAnswered(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: statusLabel(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    jobFailed: (kind: string) => jobFailures.inc({ kind }),
    mailOutcome: (outcome: 'sent' | 'failed') => mails.inc({ outcome }),
    close: stopObserving,
  };
}

const STATUS_LABELS = new Map<number, string>();
function statusLabel(status: number): string {
  let label = STATUS_LABELS.get(status);
  if (label === undefined) STATUS_LABELS.set(status, (label = String(status)));
  return label;
}

/**
 * Times every request by the route pattern the router matched (`/api/albums/:albumId`, never the address asked for:
 * the labels stay few); what no route matched counts as `unmatched`.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestAnswered(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** Constant-time: the comparison takes as long whatever the guess (hashes make the lengths equal). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** GET /metrics: the Prometheus text, behind `Authorization: Bearer <token>` when a token is set. */
function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get(METRICS_PATH, { logLevel: 'warn', schema: { hide: true }, config: { ownAuthorization: true } }, async (request, reply) => {
    if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .headers({ 'www-authenticate': 'Bearer realm="metrics"', 'cache-control': 'no-store' })
        .send(errorBody('unauthorized'));
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}

/**
 * Serves the metrics as configured: with METRICS_PORT on a listener of its own (started with the server), with
 * METRICS_TOKEN on the main port; with neither, not at all. Where they are not served, /metrics answers 404 whatever
 * is sent, a bearer included (it is not a personal access token's route either).
 */
export async function serveMetrics(app: FastifyInstance, metrics: Metrics | null, config: Config['metrics']): Promise<void> {
  if (metrics && config.port === undefined) return metricsRoute(app, metrics, config.token);
  app.get(METRICS_PATH, { logLevel: 'warn', schema: { hide: true }, config: { ownAuthorization: true } }, async (request, reply) =>
    reply.status(404).send(errorBody('route_not_found', { method: request.method, path: request.url.split('?')[0] ?? '' })),
  );
  if (!metrics || config.port === undefined) return;
  const listener = Fastify({ logger: false });
  metricsRoute(listener, metrics, config.token);
  app.addHook('onReady', async () => {
    await listener.listen({ host: config.host, port: config.port });
    app.log.info({ host: config.host, port: config.port }, 'metrics served on their own port');
  });
  app.addHook('onClose', async () => {
    await listener.close();
  });
}
