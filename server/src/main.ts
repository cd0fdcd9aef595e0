import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { prepareDatabase } from './boot.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { recordStatementTimes } from './platform/db/statement-times.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
// The web renderer's React picks its build from the environment: production unless told otherwise, as the config is.
process.env.NODE_ENV = config.env;

const logger =
  config.env === 'development'
    ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
    : { level: config.logLevel };

const bootLog = { info: (message: string) => process.stdout.write(`${message}\n`) };
const database = await prepareDatabase(config, bootLog).catch((error: unknown) =>
  fail(
    `Could not prepare the database (${config.databaseUrl.replace(/:[^:@/]*@/, ':***@')}): ${error instanceof Error ? error.message : String(error)}`,
  ),
);
const app = await buildApp({ config, database, logger });
const stopStatementTimes = config.statementTimes
  ? recordStatementTimes(database, `${config.statementTimes}-${process.pid}-server.json`, 'server')
  : undefined;

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info(`${signal ?? 'shutdown'} received, closing`);
  await app.close();
  stopStatementTimes?.();
  await database.destroy();
});

// Started by `npm start` (scripts/start.ts) through an IPC channel: when that process is gone, so is the server,
// closing as it does on SIGTERM. The channel itself keeps nothing running.
if (process.send) {
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  process.channel?.unref();
}

try {
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Hearsay is ready at ${config.publicUrl} (${database.description})`);
  if (config.federation.allowPrivate) {
    app.log.warn(
      'FEDERATION_ALLOW_PRIVATE is on: federation runs over plain http and reaches loopback and private addresses. For development and tests only; never on a public site.',
    );
  }
  if (config.listenbrainz.allowPrivate) {
    app.log.warn(
      'LISTENBRAINZ_ALLOW_PRIVATE is on: members may forward listens to servers on plain http and loopback or private addresses, so any member can make this server send requests inside its network.',
    );
  }
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await database.destroy();
  process.exit(1);
}
