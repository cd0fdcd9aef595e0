import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** The app the browser is served, and the renderer the server renders its pages with. */
const builtFiles = [join(root, 'web', 'dist', 'index.html'), join(root, 'web', 'dist-ssr', 'entry-server.js')];
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'contracts/src'];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** True when the built app is missing or older than any web source (so `npm start` after a pull serves the new app). */
export function webBuildIsStale(): boolean {
  if (builtFiles.some((file) => !existsSync(file))) return true;
  const built = Math.min(...builtFiles.map((file) => statSync(file).mtimeMs));
  return sources.some((source) => existsSync(join(root, source)) && newestChange(join(root, source)) > built);
}

/** Builds the web app with Vite; exits the process if the build fails. */
export function buildWeb(): void {
  process.stdout.write('Building the web app (first start or sources changed)...\n');
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export const repositoryRoot = root;
