/**
 * `npm start`: builds the web app when it is missing or out of date, then runs the server, which
 * serves the site, the API, covers and uploads on one port (default http://localhost:3000).
 *
 * Stopping it stops the server, however it is stopped: Ctrl-C, a signal to this process, or a signal to npm (which
 * ends the shell it ran this in, leaving this process behind). The server runs in a process group of its own, so a
 * Ctrl-C reaches it once, from here (two would cut its graceful shutdown short), and it ends itself when this process
 * is gone (its IPC channel closes).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWeb, repositoryRoot, webBuildIsStale } from './web-build.ts';

if (process.env.WEB_BUILD !== 'off' && webBuildIsStale()) buildWeb();

const server = spawn(process.execPath, [join(repositoryRoot, 'server', 'src', 'main.ts')], {
  cwd: process.cwd(),
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  detached: true,
  env: { NODE_ENV: 'production', ...process.env },
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);

// npm stopped with a signal ends its shell and leaves this process to init: that is the moment to stop too.
const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid !== parent) stop();
}, 250);
watchParent.unref();

server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
