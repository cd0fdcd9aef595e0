/**
 * `npm start`: builds the web app when it is missing or out of date, then runs the server, which
 * serves the site, the API, covers and uploads on one port (default http://localhost:3000).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWeb, repositoryRoot, webBuildIsStale } from './web-build.ts';

if (webBuildIsStale()) buildWeb();

const server = spawn(process.execPath, [join(repositoryRoot, 'server', 'src', 'main.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
