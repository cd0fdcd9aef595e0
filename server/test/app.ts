import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject as injectContext } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/index.ts';
import { freshDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  config: Config;
  inject(options: InjectOptions | string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: () => Date;
  fetch?: typeof fetch;
  pushAgent?: AppDeps['pushAgent'];
  imageProxy?: AppDeps['imageProxy'];
  linkPages?: AppDeps['linkPages'];
  /** Pino options for tests that read what the server logs (quiet otherwise). */
  logger?: AppDeps['logger'];
  realtime?: AppDeps['realtime'];
  /** Extra routes registered before the app is ready (for tests of platform behaviour). */
  routes?: (app: FastifyInstance) => void;
  /** Runs on another test app's database, as a second server process would; that app keeps and drops the database. */
  sameDatabaseAs?: TestApp;
}

/**
 * A second process's connection to a test app's database. On SQLite it is the same connection: two better-sqlite3
 * connections in one process would wait on each other's locks synchronously, which separate processes do not.
 */
function sharedDatabase(other: TestApp): DatabaseHandle & { url: string } {
  const url = other.config.databaseUrl;
  if (other.database.dialect === 'sqlite') return { ...other.database, url, destroy: async () => {} };
  return { ...openDatabase(url, { poolSize: 5 }), url };
}

/** The real server on a fresh database of its own, driven through `inject` (no network). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.sameDatabaseAs ? sharedDatabase(options.sameDatabaseAs) : await freshDatabase();
  const dataDir = mkdtempSync(join(injectContext('testRoot'), 'data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    COVER_ART: 'off',
    WEB_DIST: join(dataDir, 'no-web-build'),
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // Test files sign many people up from one address; the limits themselves are tested with 1.
    RATE_LIMIT_MULTIPLIER: '100',
    ...options.env,
  });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      config,
      database,
      clock: options.clock,
      fetch: options.fetch,
      pushAgent: options.pushAgent,
      imageProxy: options.imageProxy,
      linkPages: options.linkPages,
      logger: options.logger ?? false,
      realtime: options.realtime,
    });
    options.routes?.(app);
    await app.ready();
  } catch (error) {
    // A server that fails to start (as some tests expect) leaves no database behind.
    await app?.close().catch(() => undefined);
    await database.destroy();
    throw error;
  }
  return {
    app,
    database,
    db: database.db,
    config,
    inject: (request) => app.inject(request as InjectOptions),
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** POSTs `body` exactly as written (malformed, blank or none) as JSON, for tests of what the server makes of it. */
export function postRawJson(app: TestApp, url: string, body?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
}
