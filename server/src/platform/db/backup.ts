import SqliteDatabase from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';

/**
 * `db:backup` and `db:restore`. A backup is the database (a SQLite file, or a pg_dump custom-format archive) plus,
 * beside it, `<name>.uploads/` (members' pictures) and `<name>.secrets.json` (the generated auth secret, when the
 * site has one). Album covers and the review-image cache are fetched again when needed, so they are left out.
 */

const LEFT_OUT = 'covers/ and image-proxy/ are not backed up: they are fetched again when needed';

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupOptions {
  databaseUrl: string;
  dataDir: string;
  /** The backup file; by default DATA_DIR/backups/hearsay-<timestamp>.db (or .dump on PostgreSQL). */
  to?: string;
  now?: Date;
  /** The pg_dump / pg_restore programs (found on PATH by default). */
  pgDump?: string;
  pgRestore?: string;
}

export interface BackupResult {
  file: string;
  uploads: string | null;
  secrets: string | null;
  lines: string[];
}

function defaultBackupFile(dataDir: string, postgres: boolean, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return join(dataDir, 'backups', `hearsay-${stamp}.${postgres ? 'dump' : 'db'}`);
}

const uploadsBeside = (file: string) => `${file}.uploads`;
const secretsBeside = (file: string) => `${file}.secrets.json`;

export async function backup(options: BackupOptions): Promise<BackupResult> {
  const postgres = !options.databaseUrl.startsWith('sqlite:');
  const file = options.to ?? defaultBackupFile(options.dataDir, postgres, options.now);
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose another name with --to`);
  mkdirSync(dirname(file), { recursive: true });
  const lines: string[] = [];
  if (postgres) {
    await runPostgresTool(options.pgDump ?? 'pg_dump', ['--format=custom', `--file=${file}`, '--no-owner'], options.databaseUrl);
    lines.push(`database: pg_dump archive ${file}`);
  } else {
    const source = new SqliteDatabase(options.databaseUrl.slice('sqlite:'.length), { fileMustExist: true });
    try {
      // SQLite's online backup API: pages are copied in steps while the server goes on reading and writing.
      await source.backup(file);
    } finally {
      source.close();
    }
    lines.push(`database: SQLite copy ${file}`);
  }

  const uploads = join(options.dataDir, 'uploads');
  let uploadsCopy: string | null = null;
  if (existsSync(uploads)) {
    uploadsCopy = uploadsBeside(file);
    cpSync(uploads, uploadsCopy, { recursive: true });
    lines.push(`uploads: ${uploadsCopy}`);
  } else {
    lines.push('uploads: none yet');
  }
  const secrets = join(options.dataDir, 'secrets.json');
  let secretsCopy: string | null = null;
  if (existsSync(secrets)) {
    secretsCopy = secretsBeside(file);
    copyFileSync(secrets, secretsCopy);
    lines.push(`secrets: ${secretsCopy} (keep it private: it signs sessions and protects two-factor secrets)`);
  }
  lines.push(LEFT_OUT);
  return { file, uploads: uploadsCopy, secrets: secretsCopy, lines };
}

export interface RestoreOptions extends BackupOptions {
  from: string;
  /** Restore even though the database seems to be in use. */
  force?: boolean;
}

export async function restore(options: RestoreOptions): Promise<string[]> {
  const { from } = options;
  if (!existsSync(from)) throw new BackupError(`${from} does not exist`);
  const lines: string[] = [];
  if (options.databaseUrl.startsWith('sqlite:')) {
    const target = options.databaseUrl.slice('sqlite:'.length);
    if (!options.force && existsSync(target) && sqliteInUse(target)) {
      throw new BackupError(`${target} is in use (is the server running?); stop it first, or pass --force`);
    }
    const check = new SqliteDatabase(from, { readonly: true, fileMustExist: true });
    try {
      const result = check.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new BackupError(`${from} is damaged: ${String(result)}`);
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`${from} is not a SQLite database: ${(error as Error).message}`);
    } finally {
      check.close();
    }
    mkdirSync(dirname(target), { recursive: true });
    // Copy next to the target and rename over it, after dropping the old write-ahead log, which belongs to the old file.
    const incoming = `${target}.restoring`;
    copyFileSync(from, incoming);
    rmSync(`${target}-wal`, { force: true });
    rmSync(`${target}-shm`, { force: true });
    renameSync(incoming, target);
    lines.push(`database: ${target} restored from ${from}`);
  } else {
    if (!options.force) {
      const others = await postgresConnections(options.databaseUrl);
      if (others > 0) {
        throw new BackupError(
          `${others} other connections are open to the database (is the server running?); stop it first, or pass --force`,
        );
      }
    }
    await runPostgresTool(
      options.pgRestore ?? 'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--single-transaction', from],
      options.databaseUrl,
    );
    lines.push(`database: restored from ${from} with pg_restore`);
  }

  const uploads = uploadsBeside(from);
  if (existsSync(uploads)) {
    const target = join(options.dataDir, 'uploads');
    rmSync(target, { recursive: true, force: true });
    cpSync(uploads, target, { recursive: true });
    lines.push(`uploads: ${target} restored from ${basename(uploads)}`);
  } else {
    lines.push('uploads: none in the backup, left as they are');
  }
  const secrets = secretsBeside(from);
  if (existsSync(secrets)) {
    copyFileSync(secrets, join(options.dataDir, 'secrets.json'));
    lines.push('secrets: secrets.json restored');
  }
  return lines;
}

/** True when another connection holds the database: an exclusive lock cannot be had at once. */
export function sqliteInUse(path: string): boolean {
  const probe = new SqliteDatabase(path, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
    return false;
  } catch {
    return true;
  } finally {
    probe.close();
  }
}

async function postgresConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Runs pg_dump or pg_restore against the database of `url`. The password goes in PGPASSWORD, never on the command
 * line, where other users of the machine could read it.
 */
export function runPostgresTool(program: string, args: string[], url: string): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args, `--dbname=${parsed.toString()}`], { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${program} was not found. Install the PostgreSQL client tools of your server's major version ` +
                '(Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq) and make sure they are on PATH.',
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${basename(program)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
