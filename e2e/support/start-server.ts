/**
 * Starts the real Hearsay server for the end-to-end run: builds the web app if it is stale, makes
 * a temporary data directory, and on PostgreSQL (TEST_DATABASE_URL) a fresh database that is
 * dropped when the run ends. The server migrates and loads the starter catalog on start, as in production; it asks a
 * local stand-in for MusicBrainz and the Cover Art Archive (server/test/musicbrainz.ts).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildWeb, repositoryRoot, webBuildIsStale } from '../../scripts/web-build.ts';
import { makeCertificate } from '../../server/test/certificate.ts';
import { startFakeMusicBrainz } from '../../server/test/musicbrainz.ts';

const port = process.env.E2E_PORT ?? '3100';

// A fixed place per port, so tests can read the development outbox (e-mails) the server writes there.
const dataDir = join(tmpdir(), `hearsay-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
let databaseUrl = `sqlite:${join(dataDir, 'hearsay.db')}`;
let dropDatabase = async () => {};

if (webBuildIsStale()) buildWeb();

const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  const name = `hearsay_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: postgresUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
}

// The push journey's stand-in push service speaks TLS with this certificate (push services are https only); the
// server trusts it, and the journey finds it here (e2e/tests/push-notifications.spec.ts).
const pushTls = join(dataDir, 'push-tls');
mkdirSync(pushTls, { recursive: true });
const pushCertificate = makeCertificate(pushTls);

// MusicBrainz and the Cover Art Archive, played from recorded answers: no journey reaches the internet.
const musicbrainz = await startFakeMusicBrainz();

const server = spawn(process.execPath, [join(repositoryRoot, 'server', 'src', 'main.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    COVER_ART: 'remote',
    COVER_ART_URL: musicbrainz.url,
    MUSICBRAINZ: 'on',
    MUSICBRAINZ_URL: musicbrainz.url,
    MUSICBRAINZ_MIN_INTERVAL_MS: '50',
    // Enriching the 3,461 starter albums against a stand-in that knows seven would only make noise.
    CATALOG_ENRICH: 'false',
    // Shared links' pages are on the internet, which no journey reaches: their albums are found by their words.
    SHARED_LINK_PAGES: 'off',
    LOG_LEVEL: 'warn',
    // Journeys rate albums and then look for them on the charts: counted every few seconds rather than minutes.
    CHART_COUNTING_SECONDS: '3',
    // The moderation journey signs up as this operator.
    ADMIN_EMAILS: 'moderator@hearsay.test',
    // End-to-end journeys sign up many people from one address; the limits themselves have API tests.
    RATE_LIMIT_MULTIPLIER: process.env.RATE_LIMIT_MULTIPLIER ?? '50',
    // The federation journey follows a person of a second Hearsay on loopback (e2e/support/other-site.ts): both speak
    // ActivityPub over plain http between loopback addresses, the development flag's purpose (docs/FEDERATION.md).
    FEDERATION: 'on',
    FEDERATION_ALLOW_PRIVATE: 'true',
    // Devices subscribed to the stand-in push service on loopback (docs/OPERATIONS.md, Push notifications).
    PUSH_ALLOW_PRIVATE: 'true',
    NODE_EXTRA_CA_CERTS: pushCertificate.certificate,
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
  await dropDatabase().catch(() => undefined);
  await musicbrainz.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
server.on('exit', (code) => {
  if (!stopping) void stop(code ?? 1);
});
