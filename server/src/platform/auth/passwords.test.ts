import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

/** A hash stored before passwords moved to their own threads (made by the argon2 package, parameters m,p,t). */
const STORED_EARLIER = '$argon2id$v=19$m=19456,p=1,t=2$XTDHNjBV5lNxJSX0MHzWGQ$WulEIQTDKtEUZYYorhAcu+nh3L+DyrU0hwN0YT9CEuY';

describe('passwords', () => {
  it('still accepts the passwords of hashes stored earlier, and only those', async () => {
    expect(await verifyPassword({ hash: STORED_EARLIER, password: 'Correct horse 1' })).toBe(true);
    expect(await verifyPassword({ hash: STORED_EARLIER, password: 'Correct horse 2' })).toBe(false);
  });

  it('stores argon2id at OWASP parameters with a salt of its own each time', async () => {
    const [first, second] = await Promise.all([hashPassword('A long passphrase'), hashPassword('A long passphrase')]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword({ hash: first, password: 'A long passphrase' })).toBe(true);
    expect(await verifyPassword({ hash: second, password: 'a long passphrase' })).toBe(false);
  });

  it('answers false, not an error, for stored hashes it cannot read', async () => {
    for (const hash of [
      '',
      'plain text',
      '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
      '$argon2id$v=19$m=0,t=2,p=1$AAAA$BBBB',
      '$argon2id$v=19$m=19456,t=2,p=1$$',
    ]) {
      expect(await verifyPassword({ hash, password: 'anything' })).toBe(false);
    }
  });

  it('checks many passwords at once, each against its own hash', async () => {
    const hashes = await Promise.all(['one-password', 'two-password', 'three-password'].map(hashPassword));
    const checks = await Promise.all(
      hashes.flatMap((hash, index) => [
        verifyPassword({ hash, password: ['one-password', 'two-password', 'three-password'][index]! }),
        verifyPassword({ hash, password: 'four-password' }),
      ]),
    );
    expect(checks).toEqual([true, false, true, false, true, false]);
  });

  it.runIf(process.platform === 'linux')('hashes on a thread that gives way to the server at once (SCHED_IDLE, nice 10)', async () => {
    await hashPassword('A long passphrase');
    // /proc/<pid>/task/<tid>/stat: after the name in parentheses, field 19 is the nice value and field 41 the policy.
    const threads = readdirSync('/proc/self/task').map((id) => {
      const fields = readFileSync(`/proc/self/task/${id}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return { nice: Number(fields[19 - 3]), policy: Number(fields[41 - 3]) };
    });
    const SCHED_IDLE = 5;
    expect(threads).toContainEqual({ nice: 10, policy: SCHED_IDLE });
  });

  it('lets a program that hashed a password end (npm run seed:scale used to wait forever)', () => {
    const program = `
      const { hashPassword, verifyPassword } = await import(${JSON.stringify(new URL('./passwords.ts', import.meta.url).href)});
      const hash = await hashPassword('A long passphrase');
      console.log(await verifyPassword({ hash, password: 'A long passphrase' }));`;
    const directory = mkdtempSync(join(tmpdir(), 'hearsay-passwords-'));
    try {
      writeFileSync(join(directory, 'program.mjs'), program);
      const run = spawnSync(process.execPath, [join(directory, 'program.mjs')], { encoding: 'utf8', timeout: 30_000 });
      expect([run.signal, run.status, run.stdout.trim()], run.stderr).toEqual([null, 0, 'true']);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
