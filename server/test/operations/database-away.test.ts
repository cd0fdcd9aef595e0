/**
 * When the database goes away: a real server talks to PostgreSQL through a TCP proxy that the test cuts. Requests that
 * need the database answer 503 at once (never hang, never 500), /readyz says the database is down while /healthz
 * stays up, and once the proxy is back the server recovers by itself. SQLite is a file in the process: it cannot go
 * away on its own, so there only the refusal of a busy database is checked.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isDatabaseUnavailable, openDatabase } from '../../src/platform/db/index.ts';
import { call, emptyDatabase, freePort, signUp, startServer, stopAll, temporaryDirectory, usingPostgres } from '../processes.ts';

/** A TCP proxy to `target` that can be cut (every connection closed, new ones refused) and restored. */
async function tcpProxy(target: URL) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  await listen();
  return {
    port,
    async cut() {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => (server?.listening ? server.close(resolve) : resolve(undefined)));
    },
  };
}

const directory = temporaryDirectory('away');

afterAll(async () => {
  await stopAll();
  directory.remove();
});

if (usingPostgres) {
  describe('PostgreSQL going away and coming back', () => {
    it('answers 503 quickly while it is away, and recovers by itself', { timeout: 90_000 }, async () => {
      const database = await emptyDatabase(directory.path);
      const target = new URL(database.url);
      const proxy = await tcpProxy(target);
      try {
        const viaProxy = new URL(database.url);
        viaProxy.hostname = '127.0.0.1';
        viaProxy.port = String(proxy.port);
        const server = await startServer({ databaseUrl: viaProxy.toString(), dataDir: directory.path, env: { CATALOG_AUTOLOAD: 'false' } });
        const member = await signUp(server, 'Away Member');
        expect((await call(server, 'GET', '/api/albums')).status).toBe(200);
        expect((await call(server, 'GET', '/readyz')).status).toBe(200);

        await proxy.cut();
        const requests = await Promise.all([
          call(server, 'GET', '/api/albums'),
          call(server, 'GET', '/api/collections'),
          call(server, 'GET', '/api/me/ratings', { cookie: member.cookie }),
          call(server, 'POST', '/api/collections', { cookie: member.cookie, body: { name: 'Offline', albumIds: ['nothing'] } }),
        ]);
        for (const response of requests) {
          expect(response.status, JSON.stringify(response.body)).toBe(503);
          expect(response.body.error.code).toBe('database_unavailable');
          expect(response.headers.get('retry-after')).toBe('5');
          expect(response.ms).toBeLessThan(2500);
        }
        // Still refused a little later, when the pool has no connection left to lose.
        const again = await call(server, 'GET', '/api/albums');
        expect([again.status, again.body.error?.code]).toEqual([503, 'database_unavailable']);
        expect(again.ms).toBeLessThan(2500);

        const ready = await call(server, 'GET', '/readyz');
        expect(ready.status).toBe(503);
        expect(ready.body.checks.database).toBe('failed');
        expect(ready.ms).toBeLessThan(2500);
        expect((await call(server, 'GET', '/healthz')).status).toBe(200);

        await proxy.restore();
        let recovered = false;
        for (let attempt = 0; attempt < 50 && !recovered; attempt++) {
          recovered = (await call(server, 'GET', '/readyz')).status === 200;
          if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(recovered).toBe(true);
        expect((await call(server, 'GET', '/api/albums')).status).toBe(200);
        expect((await call(server, 'GET', '/api/me/ratings', { cookie: member.cookie })).status).toBe(200);
        // The same process all along: nothing crashed on the connections that were cut.
        expect(server.child.exitCode).toBeNull();
        expect(
          server
            .output()
            .split('\n')
            .filter((line) => /"msg":"request failed"|"res":\{"statusCode":500|uncaught|unhandled/i.test(line)),
        ).toEqual([]);
        await server.kill('SIGTERM');
      } finally {
        await stopAll();
        await proxy.close();
        await database.drop();
      }
    });

    it('loses a connection that was in use without taking the process down', async () => {
      const database = await emptyDatabase(directory.path);
      const proxy = await tcpProxy(new URL(database.url));
      const viaProxy = new URL(database.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const handle = openDatabase(viaProxy.toString(), { serving: true, poolSize: 2 });
      const uncaught: unknown[] = [];
      const record = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', record);
      try {
        // A transaction holds its connection between statements: the cut falls there, with no query running.
        const transaction = handle.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await proxy.cut();
          await new Promise((resolve) => setTimeout(resolve, 100));
          await sql`select 1`.execute(trx);
        });
        const failure = await transaction.then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
        expect(uncaught).toEqual([]);
        await proxy.restore();
        expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
      } finally {
        process.off('uncaughtException', record);
        await handle.destroy();
        await proxy.close();
        await database.drop();
      }
    });
  });
} else {
  describe('SQLite has no connection to lose', () => {
    it('counts a database too busy to answer as unavailable, not as a fault', () => {
      expect(isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
      expect(isDatabaseUnavailable(Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(false);
    });
  });
}
