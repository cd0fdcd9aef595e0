/**
 * `npm run dev`: the API server restarting on change (port 3000) and the Vite dev server with hot
 * reload (port 5173) proxying /api, /covers, /uploads and /realtime to it. Open http://localhost:5173.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repositoryRoot } from './web-build.ts';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', join(repositoryRoot, 'server', 'src', 'main.ts')], {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '--workspace', 'web'], { cwd: repositoryRoot, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
