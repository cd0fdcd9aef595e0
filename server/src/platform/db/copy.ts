import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { dialectOf, type DatabaseHandle, type Dialect } from './index.ts';
import { createMigrator, migrateToLatest } from './migrate.ts';

/**
 * `db:copy`: moves a whole site between databases (SQLite ↔ PostgreSQL, or the same engine). The target is migrated
 * by our own migrator, every table is copied in foreign-key order in batches, and both sides are then compared table
 * by table (row count and a SHA-256 over the rows in primary-key order).
 */

/** Tables are found at run time, so rows are plain records here. */
export type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** How a column's values differ between the engines; the PostgreSQL side's type decides. */
type ColumnKind = 'boolean' | 'timestamp' | 'bytes' | 'plain';

export interface TableInfo {
  name: string;
  /** Columns that take values on insert (PostgreSQL's generated columns and FTS5's hidden ones left out). */
  columns: string[];
  primaryKey: string[];
  references: string[];
  /** Columns that are text on PostgreSQL, which are compared with the "C" collation to match SQLite's byte order. */
  text: Set<string>;
  kinds: Map<string, ColumnKind>;
}

/** The migrator's bookkeeping: the target's own migrations fill it. */
const SKIPPED = new Set(['kysely_migration', 'kysely_migration_lock']);

export async function describeTables(db: AnyDb): Promise<Map<string, TableInfo>> {
  return dialectOf(db) === 'postgres' ? describePostgres(db) : describeSqlite(db);
}

async function describeSqlite(db: AnyDb): Promise<Map<string, TableInfo>> {
  const tables = new Map<string, TableInfo>();
  const list = await sql<{ schema: string; name: string; type: string }>`pragma table_list`.execute(db);
  for (const { schema, name, type } of list.rows) {
    // FTS5 keeps its index in shadow tables; only the virtual table itself is content.
    if (schema !== 'main' || name.startsWith('sqlite_') || SKIPPED.has(name) || (type !== 'table' && type !== 'virtual')) continue;
    const columns = await sql<{ name: string; pk: number; hidden: number }>`select * from pragma_table_xinfo(${name})`.execute(db);
    const keys = await sql<{ table: string }>`select * from pragma_foreign_key_list(${name})`.execute(db);
    const visible = columns.rows.filter((column) => column.hidden === 0);
    tables.set(name, {
      name,
      columns: visible.map((column) => column.name),
      primaryKey: visible
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
      references: [...new Set(keys.rows.map((key) => key.table))],
      text: new Set(),
      kinds: new Map(),
    });
  }
  return tables;
}

async function describePostgres(db: AnyDb): Promise<Map<string, TableInfo>> {
  const tables = new Map<string, TableInfo>();
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_generated: string }>`
    select c.table_name, c.column_name, c.data_type, c.is_generated
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  for (const column of columns.rows) {
    if (SKIPPED.has(column.table_name)) continue;
    let table = tables.get(column.table_name);
    if (!table) {
      table = { name: column.table_name, columns: [], primaryKey: [], references: [], text: new Set(), kinds: new Map() };
      tables.set(column.table_name, table);
    }
    if (column.is_generated === 'ALWAYS') continue;
    table.columns.push(column.column_name);
    if (column.data_type === 'text' || column.data_type === 'character varying') table.text.add(column.column_name);
    table.kinds.set(column.column_name, postgresKind(column.data_type));
  }
  const keys = await sql<{ table_name: string; column_name: string }>`
    select t.relname as table_name, a.attname as column_name
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
    join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where i.indisprimary
    order by t.relname, k.position`.execute(db);
  for (const key of keys.rows) tables.get(key.table_name)?.primaryKey.push(key.column_name);
  const references = await sql<{ table_name: string; referenced: string }>`
    select distinct t.relname as table_name, r.relname as referenced
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
    where c.contype = 'f'`.execute(db);
  for (const reference of references.rows) tables.get(reference.table_name)?.references.push(reference.referenced);
  return tables;
}

function postgresKind(dataType: string): ColumnKind {
  if (dataType === 'boolean') return 'boolean';
  if (dataType.startsWith('timestamp')) return 'timestamp';
  if (dataType === 'bytea') return 'bytes';
  return 'plain';
}

/** Tables ordered so that each comes after the tables it references (a table referencing itself is fine). */
function dependencyOrder(tables: Map<string, TableInfo>): TableInfo[] {
  const ordered: TableInfo[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: TableInfo) => {
    if (state.get(table.name)) return;
    state.set(table.name, 'visiting');
    for (const name of table.references) {
      const referenced = tables.get(name);
      if (referenced && name !== table.name) visit(referenced);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const name of [...tables.keys()].sort()) visit(tables.get(name)!);
  return ordered;
}

/** The source's and target's descriptions of one table merged: the columns both have, a primary key from either. */
function mergeTable(source: TableInfo, target: TableInfo): TableInfo {
  const sourceColumns = new Set(source.columns);
  const columns = target.columns.filter((column) => sourceColumns.has(column));
  const primaryKey = target.primaryKey.length ? target.primaryKey : source.primaryKey.length ? source.primaryKey : columns;
  const kinds = new Map([...source.kinds, ...target.kinds]);
  return { ...target, columns, primaryKey, text: new Set([...source.text, ...target.text]), kinds };
}

/**
 * Reads a table in primary-key order, a batch at a time (keyset pagination: each batch starts after the last key
 * seen). Text keys compare byte-wise on both engines, so both sides list their rows in the same order.
 */
async function* readRows(db: AnyDb, table: TableInfo, batchSize: number): AsyncGenerator<Record<string, unknown>[]> {
  const postgres = dialectOf(db) === 'postgres';
  const keyExpression = (column: string) =>
    postgres ? (table.text.has(column) ? sql`${sql.ref(column)} collate "C"` : sql.ref(column)) : sql`${sql.ref(column)} collate binary`;
  const keys = sql.join(table.primaryKey.map(keyExpression));
  const columns = sql.join(table.columns.map((column) => sql.ref(column)));
  let after: unknown[] | null = null;
  for (;;) {
    const where: ReturnType<typeof sql> = after ? sql`where (${keys}) > (${sql.join(after.map((value) => sql`${value}`))})` : sql``;
    const result = await sql<Record<string, unknown>>`
      select ${columns} from ${sql.table(table.name)} ${where} order by ${keys} limit ${batchSize}`.execute(db);
    if (result.rows.length === 0) return;
    yield result.rows;
    const last = result.rows[result.rows.length - 1]!;
    after = table.primaryKey.map((column) => last[column]);
    if (result.rows.length < batchSize) return;
  }
}

/** A value as the target engine stores it (booleans, timestamps and bytes differ; see column-types.ts). */
function toTarget(value: unknown, kind: ColumnKind, target: Dialect): unknown {
  if (value === null || value === undefined) return null;
  if (target === 'postgres') {
    if (kind === 'boolean') return typeof value === 'boolean' ? value : Number(value) !== 0;
    if (kind === 'timestamp' && typeof value === 'number') return new Date(value);
    return value;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** One value in a form both engines agree on, for the checksum. */
function canonical(value: unknown, kind: ColumnKind): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('base64') };
  if (kind === 'timestamp' && (typeof value === 'string' || typeof value === 'number')) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date.toISOString();
  }
  if (kind === 'boolean' && typeof value === 'number') return value !== 0 ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  return value;
}

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

async function checksum(db: AnyDb, table: TableInfo): Promise<{ rows: number; sha256: string }> {
  const hash = createHash('sha256');
  let rows = 0;
  for await (const batch of readRows(db, table, 1000)) {
    for (const row of batch) {
      hash.update(JSON.stringify(table.columns.map((column) => canonical(row[column], table.kinds.get(column) ?? 'plain'))));
      hash.update('\n');
      rows++;
    }
  }
  return { rows, sha256: hash.digest('hex') };
}

/** Compares every table of the source with the target: row counts and checksums. */
export async function verifyCopy(source: AnyDb, target: AnyDb): Promise<TableCheck[]> {
  const [sourceTables, targetTables] = await Promise.all([describeTables(source), describeTables(target)]);
  const checks: TableCheck[] = [];
  for (const targetTable of dependencyOrder(targetTables)) {
    const sourceTable = sourceTables.get(targetTable.name);
    const table = sourceTable ? mergeTable(sourceTable, targetTable) : targetTable;
    const theirs = sourceTable ? await checksum(source, table) : { rows: 0, sha256: '(missing in source)' };
    const ours = await checksum(target, table);
    checks.push({
      table: table.name,
      sourceRows: theirs.rows,
      targetRows: ours.rows,
      sourceChecksum: theirs.sha256,
      targetChecksum: ours.sha256,
      ok: theirs.rows === ours.rows && theirs.sha256 === ours.sha256,
    });
  }
  return checks;
}

export interface CopyProgress {
  table: string;
  copied: number;
  total: number;
  tableIndex: number;
  tableCount: number;
}

export interface CopyOptions {
  /** Empty a target that already holds rows, instead of refusing. */
  replace?: boolean;
  batchSize?: number;
  onProgress?: (progress: CopyProgress) => void;
}

/**
 * Tables a fresh database already has rows in, written by the migrations themselves (the genre taxonomy and the
 * descriptors, decision 077): the source's rows replace them, and they do not make a new target count as in use.
 */
const FILLED_BY_MIGRATIONS = new Set(['genre', 'genre_parent', 'descriptor']);

export class CopyRefused extends Error {
  override name = 'CopyRefused';
}

/** Copies every row of `source` into `target` (migrated first), then verifies both sides. */
export async function copyDatabase(source: DatabaseHandle, target: DatabaseHandle, options: CopyOptions = {}): Promise<TableCheck[]> {
  const sourceDb = source.db as AnyDb;
  const targetDb = target.db as AnyDb;
  await assertUpToDate(sourceDb, source.description);
  await migrateToLatest(targetDb);

  const [sourceTables, targetTables] = await Promise.all([describeTables(sourceDb), describeTables(targetDb)]);
  const ordered = dependencyOrder(targetTables);
  const missing = ordered.filter((table) => !sourceTables.has(table.name)).map((table) => table.name);
  if (missing.length) throw new CopyRefused(`${source.description} has no table ${missing.join(', ')}`);

  const occupied: string[] = [];
  for (const table of ordered) if (await countRows(targetDb, table.name)) occupied.push(table.name);
  const held = occupied.filter((name) => !FILLED_BY_MIGRATIONS.has(name));
  if (held.length && !options.replace) {
    throw new CopyRefused(
      `${target.description} already holds data (${held.slice(0, 5).join(', ')}${held.length > 5 ? ', …' : ''}); ` +
        'pass --replace to empty it first',
    );
  }

  const totals = new Map<string, number>();
  for (const table of ordered) totals.set(table.name, await countRows(sourceDb, table.name));

  const copyAll = async (trx: AnyDb) => {
    if (target.dialect === 'postgres') {
      // Rows of a table that references itself may arrive before the rows they reference. Superusers can switch the
      // foreign-key triggers off for this transaction; others rely on the dependency order alone.
      await sql`savepoint replica`.execute(trx);
      try {
        await sql`set local session_replication_role = replica`.execute(trx);
      } catch {
        await sql`rollback to savepoint replica`.execute(trx);
      }
    }
    for (const table of [...ordered].reverse())
      if (occupied.includes(table.name)) await sql`delete from ${sql.table(table.name)}`.execute(trx);
    for (const [index, targetTable] of ordered.entries()) {
      const table = mergeTable(sourceTables.get(targetTable.name)!, targetTable);
      const total = totals.get(table.name) ?? 0;
      const batchSize = Math.max(1, Math.min(options.batchSize ?? 1000, Math.floor(30_000 / Math.max(1, table.columns.length))));
      let copied = 0;
      options.onProgress?.({ table: table.name, copied, total, tableIndex: index, tableCount: ordered.length });
      for await (const batch of readRows(sourceDb, table, batchSize)) {
        const rows = batch.map((row) =>
          Object.fromEntries(
            table.columns.map((column) => [column, toTarget(row[column], table.kinds.get(column) ?? 'plain', target.dialect)]),
          ),
        );
        await trx.insertInto(table.name).values(rows).execute();
        copied += rows.length;
        options.onProgress?.({ table: table.name, copied, total: Math.max(total, copied), tableIndex: index, tableCount: ordered.length });
      }
    }
    if (target.dialect === 'postgres') await resetSequences(trx);
  };

  if (target.dialect === 'sqlite') {
    // Foreign keys are checked once at the end instead of row by row (a table may reference itself).
    await sql`pragma foreign_keys = off`.execute(targetDb);
    try {
      await targetDb.transaction().execute(copyAll);
      const broken = await sql`pragma foreign_key_check`.execute(targetDb);
      if (broken.rows.length)
        throw new Error(`${broken.rows.length} rows reference rows that are missing: ${JSON.stringify(broken.rows.slice(0, 3))}`);
    } finally {
      await sql`pragma foreign_keys = on`.execute(targetDb);
    }
  } else {
    await targetDb.transaction().execute(copyAll);
  }
  return verifyCopy(sourceDb, targetDb);
}

export async function countRows(db: AnyDb, table: string): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** The source must have every migration applied, or its tables would not match the target's. */
async function assertUpToDate(db: AnyDb, description: string): Promise<void> {
  const pending = (await createMigrator(db).getMigrations()).filter((migration) => !migration.executedAt);
  if (pending.length) {
    throw new CopyRefused(
      `${description} is missing ${pending.length} migrations (${pending[0]!.name}, …); run npm run db:migrate on it first`,
    );
  }
}

/** Sequences behind serial or identity columns continue after the copied rows. */
async function resetSequences(db: AnyDb): Promise<void> {
  const sequences = await sql<{ table_name: string; column_name: string; sequence: string }>`
    select c.table_name, c.column_name, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as sequence
    from information_schema.columns c
    where c.table_schema = current_schema() and pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) is not null`.execute(db);
  for (const { table_name, column_name, sequence } of sequences.rows) {
    await sql`select setval(${sequence}, coalesce((select max(${sql.ref(column_name)}) from ${sql.table(table_name)}), 0) + 1, false)`.execute(
      db,
    );
  }
}

/** The verification as a table for the terminal. */
export function formatChecks(checks: readonly TableCheck[]): string {
  const width = Math.max(5, ...checks.map((check) => check.table.length));
  const lines = [`${'table'.padEnd(width)}  ${'source'.padStart(8)}  ${'target'.padStart(8)}  checksum          result`];
  for (const check of checks) {
    lines.push(
      `${check.table.padEnd(width)}  ${String(check.sourceRows).padStart(8)}  ${String(check.targetRows).padStart(8)}  ` +
        `${check.targetChecksum.slice(0, 16)}  ${check.ok ? 'ok' : `MISMATCH (source ${check.sourceChecksum.slice(0, 16)})`}`,
    );
  }
  const bad = checks.filter((check) => !check.ok).length;
  lines.push(bad ? `${bad} of ${checks.length} tables differ` : `all ${checks.length} tables match`);
  return lines.join('\n');
}
