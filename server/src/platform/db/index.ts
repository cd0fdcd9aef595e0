import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import type { Database } from '../../db/schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  /** A short description safe for logs: engine and file or host, never a password. */
  description: string;
  destroy(): Promise<void>;
}

// PostgreSQL returns COUNT(*) (int8) and NUMERIC as strings; our counts fit comfortably in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export function openDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, options.poolSize ?? 10);
}

function openSqlite(path: string): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SqliteDatabase(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('cache_size = -32000');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
  return {
    db,
    dialect: 'sqlite',
    description: `sqlite ${path}`,
    destroy: () => db.destroy(),
  };
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE) rather than at their first write. The job thread
 * writes through a connection of its own; a deferred transaction that read first and then wanted to write while the
 * other connection wrote would fail at once with SQLITE_BUSY, where an immediate one waits (busy_timeout).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateTransactionDriver(this.#settings);
  }
}

class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection can be closed by the server (restart, failover, admin); the pool drops it and
  // opens a new one when needed. Without a listener, that 'error' event would crash the process.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    db,
    dialect: 'postgres',
    description: `postgres ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    destroy: () => db.destroy(),
  };
}

/** Which engine a Kysely instance (or transaction) talks to. */
export function dialectOf(db: Pick<Kysely<never>, 'getExecutor'>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Holds `name` until the transaction `trx` ends, so writers that read before they insert (the catalog's
 * check-then-add) take turns across processes. On SQLite every write transaction already holds the database's
 * write lock from its start (BEGIN IMMEDIATE); on PostgreSQL this takes a transaction-scoped advisory lock.
 */
export async function lockForTransaction(trx: DB, name: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

/** True when a write failed on a unique constraint, on either database (PostgreSQL 23505, SQLite's constraint error). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    String(message).includes('UNIQUE constraint failed')
  );
}
