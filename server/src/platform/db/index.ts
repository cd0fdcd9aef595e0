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
  type LogEvent,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { Database } from '../../db/schema.ts';
import { preparedName } from './prepared-statements.ts';
import type { UpkeepSettings } from './upkeep-thread.ts';

export type Dialect = 'sqlite' | 'postgres';
export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  dialect: Dialect;
  /** A short description safe for logs: engine and file or host, never a password. */
  description: string;
  destroy(): Promise<void>;
  /** Tells `listener` the kind and duration of every query from now on (metrics); returns how to stop. */
  observeQueries(listener: QueryListener): () => void;
  /** PostgreSQL's connection pool: connections open, idle, and requests waiting for one. */
  poolState?: () => { total: number; idle: number; waiting: number };
}

export type QueryKind = 'select' | 'insert' | 'update' | 'delete' | 'other';
/** A statement run: its kind, how long it took, and its SQL (for tests that tell statements apart). */
export type QueryListener = (kind: QueryKind, durationMs: number, sql: string) => void;

const QUERY_KINDS: Record<string, QueryKind> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};

/** Kysely's query log, handed on to the listeners; the kind comes from the query tree, never from the SQL text. */
function queryObservers() {
  const listeners = new Set<QueryListener>();
  const log = (event: LogEvent) => {
    if (listeners.size === 0) return;
    const kind = QUERY_KINDS[event.query.query.kind] ?? 'other';
    for (const listener of listeners) listener(kind, event.queryDurationMillis, event.query.sql);
  };
  const observeQueries = (listener: QueryListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return { log, observeQueries };
}

// PostgreSQL returns COUNT(*) (int8) and NUMERIC as strings; our counts fit comfortably in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export interface OpenOptions {
  poolSize?: number;
  /**
   * Serving requests (PostgreSQL): a connection is waited for at most 2 s and a statement runs at most 30 s, so a
   * database that went away answers 503 at once instead of holding requests. Migrations and tools open without them.
   * On SQLite, the log is checkpointed and the search indexes merged on a thread of its own (startUpkeep).
   */
  serving?: boolean;
}

/** How long a request waits for a PostgreSQL connection (a new one, or a free one from the pool). */
const CONNECT_TIMEOUT_MS = 2000;
const STATEMENT_TIMEOUT_MS = 30_000;

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options.serving ?? false);
  return openPostgres(url, options.poolSize ?? 10, options.serving ?? false);
}

/** How much of the database file SQLite reads through a memory map: the most the bundled SQLite allows (2 GB). */
const MMAP_BYTES = 0x7fff0000;

/** How often the upkeep thread copies the log back, and the log size (pages) at which a commit does it itself. */
const CHECKPOINT_INTERVAL_MS = 200;
const FALLBACK_CHECKPOINT_PAGES = 10_000;

/**
 * Serving on SQLite: checkpoints run on a thread of their own, so no request's commit pays for copying the log and
 * syncing the file (most of a rating write's cost otherwise); the same thread keeps the search indexes merged.
 * Should that thread stop, commits checkpoint again once the log reaches FALLBACK_CHECKPOINT_PAGES.
 */
function startUpkeep(database: SqliteDatabase.Database, path: string): () => Promise<void> {
  database.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  const settings: UpkeepSettings = {
    path,
    checkpointIntervalMs: CHECKPOINT_INTERVAL_MS,
    firstMergeMs: 1000,
    mergeIntervalMs: 10_000,
    mergePauseMs: 20,
  };
  const thread = new Worker(new URL('./upkeep-thread.ts', import.meta.url), { workerData: settings });
  thread.unref();
  thread.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  return async () => {
    // Held from here on: otherwise a process with nothing else to wait for (a start whose migration failed) ends
    // before the thread does, with no word of why.
    thread.ref();
    thread.postMessage('stop');
    await exited;
  };
}

function openSqlite(path: string, serving: boolean): DatabaseHandle {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SqliteDatabase(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('cache_size = -32000');
  // Pages read straight from the file's memory map instead of copied in with a system call each (decision 044).
  database.pragma(`mmap_size = ${MMAP_BYTES}`);
  const { log, observeQueries } = queryObservers();
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }, database), log });
  const stopUpkeep = serving && path !== ':memory:' ? startUpkeep(database, path) : async () => {};
  return {
    db,
    dialect: 'sqlite',
    description: `sqlite ${path}`,
    destroy: async () => {
      await stopUpkeep();
      freshReads();
      await db.destroy();
    },
    observeQueries,
  };
}

/**
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE) rather than at their first write. The job thread
 * writes through a connection of its own; a deferred transaction that read first and then wanted to write while the
 * other connection wrote would fail at once with SQLITE_BUSY, where an immediate one waits (busy_timeout).
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;
  readonly #database: SqliteDatabase.Database;
  constructor(settings: SqliteDialectConfig, database: SqliteDatabase.Database) {
    super(settings);
    this.#settings = settings;
    this.#database = database;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateTransactionDriver(this.#settings, this.#database);
  }
}

class ImmediateTransactionDriver extends SqliteDriver {
  readonly #connection: DatabaseConnection;
  constructor(settings: SqliteDialectConfig, database: SqliteDatabase.Database) {
    super(settings);
    this.#connection = new StatementCachingConnection(database);
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Most statements this many distinct SQL texts are kept prepared (IN lists of every length make many). */
const STATEMENT_CACHE_SIZE = 1000;

/** This thread's SQLite connections whose reads share one snapshot until the event loop's turn ends. */
const openSnapshots = new Set<StatementCachingConnection>();
let snapshotsEnd: NodeJS.Immediate | undefined;

/**
 * Ends every read snapshot this thread holds, so the next read sees everything committed so far. A write by any
 * connection of the thread does it by itself; call it where news of another thread's or process's write arrives (a
 * job thread's message, another server's) before acting on that news. Nothing to do on PostgreSQL.
 */
export function freshReads(): void {
  if (snapshotsEnd) clearImmediate(snapshotsEnd);
  snapshotsEnd = undefined;
  for (const connection of openSnapshots) connection.endSnapshot();
}

/**
 * Kysely's SQLite connection prepares every statement anew, which costs as much as running a small indexed query:
 * prepared statements are kept by SQL text instead (SQLite re-prepares one by itself after a schema change).
 *
 * Reads outside a transaction share one read transaction until the end of the event loop's turn (decision 043): in
 * WAL mode each read transaction takes and releases a lock on the shared-memory index and checks the file's size,
 * three system calls that cost more than the indexed lookup itself, and a request's reads all run in the turn its
 * request arrived in. Any other statement (a write, BEGIN, a pragma) ends every snapshot of the thread first, so a
 * read never misses a write made before it in this thread.
 */
class StatementCachingConnection implements DatabaseConnection {
  readonly #database: SqliteDatabase.Database;
  readonly #statements = new Map<string, SqliteDatabase.Statement>();
  readonly #begin: SqliteDatabase.Statement;
  readonly #commit: SqliteDatabase.Statement;
  constructor(database: SqliteDatabase.Database) {
    this.#database = database;
    this.#begin = database.prepare('begin');
    this.#commit = database.prepare('commit');
  }

  #prepare(text: string): SqliteDatabase.Statement {
    let statement = this.#statements.get(text);
    if (statement) {
      // Most recently used last, so the oldest goes first when the cache is full.
      this.#statements.delete(text);
    } else {
      statement = this.#database.prepare(text);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(text, statement);
    return statement;
  }

  #beginSnapshot(): void {
    this.#begin.run();
    openSnapshots.add(this);
    snapshotsEnd ??= setImmediate(freshReads);
  }

  endSnapshot(): void {
    // Only a snapshot this connection began: never a transaction someone else holds open.
    if (openSnapshots.delete(this) && this.#database.open && this.#database.inTransaction) this.#commit.run();
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader && statement.readonly) {
      if (!this.#database.inTransaction) this.#beginSnapshot();
      return { rows: statement.all(parameters) as R[] };
    }
    freshReads();
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // A statement being iterated is busy: a fresh one, never a cached one. It spans turns: a read transaction of its own.
    freshReads();
    const statement = this.#database.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}

function openPostgres(url: string, poolSize: number, serving: boolean): DatabaseHandle {
  const timeouts = serving
    ? {
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        statement_timeout: STATEMENT_TIMEOUT_MS,
        // The server's own limit, plus a margin: a connection that stopped answering altogether fails here.
        query_timeout: STATEMENT_TIMEOUT_MS + 5000,
      }
    : {};
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...timeouts });
  // An idle connection can be closed by the server (restart, failover, admin); the pool drops it and
  // opens a new one when needed. Without a listener, that 'error' event would crash the process.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
  // A connection in use can be lost too (between a transaction's statements, or under a running query). pg reports
  // that as an 'error' event on the client as well as to the query; the query's failure is what a request sees (a
  // 503), and the pool drops the client when it is released. Without a listener, the event would crash the process.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // Kysely runs every statement as `query(text, values)`: a text kept prepared runs under its name instead.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const name = typeof args[0] === 'string' ? preparedName(args[0]) : undefined;
      return name ? query({ name, text: args[0], values: args[1] }, ...args.slice(2)) : query(...args);
    }) as typeof client.query;
  });
  const { log, observeQueries } = queryObservers();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  const parsed = new URL(url);
  return {
    db,
    dialect: 'postgres',
    description: `postgres ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    destroy: () => db.destroy(),
    observeQueries,
    poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_BUSY',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection timeout|Client has encountered a connection error|Connection is closed/i;

/**
 * True when a query failed because the database could not be reached or did not answer in time (refused, reset, cut
 * mid-query, no free connection in time, statement timeout, PostgreSQL shutting down or out of connections): the
 * request may succeed later, so it is a 503, not a 500. Looks through `cause` and AggregateError's `errors`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    // 08: connection exception; 57P01-03: shutting down or starting; 53300: too many connections; 57014: statement timeout.
    if (/^08...$|^57P0[123]$|^53300$|^57014$/.test(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
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
