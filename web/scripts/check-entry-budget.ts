/**
 * The entry budget: what a first visit downloads before the app can start (the entry script and every module it
 * preloads, gzipped) stays at or under 170 KB. Run after `vite build` (`npm run build` does); exits 1 when over.
 * `node scripts/check-entry-budget.ts [dist]`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 170_000;

/** The entry script and its modulepreloads, as `dist/index.html` lists them. */
function entryScripts(html: string): string[] {
  const files = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const entry = /^<script\b/.test(tag) && /\btype="module"/.test(tag) ? /\bsrc="([^"]+)"/.exec(tag) : null;
    const preload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag) ? /\bhref="([^"]+)"/.exec(tag) : null;
    const path = (entry ?? preload)?.[1];
    if (path?.endsWith('.js')) files.add(path.replace(/^\//, ''));
  }
  return [...files];
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'));
const files = entryScripts(readFileSync(join(dist, 'index.html'), 'utf8'));
if (files.length === 0) {
  console.error(`No entry script found in ${join(dist, 'index.html')}.`);
  process.exit(1);
}
const sizes = files.map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }));
const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
for (const { file, gzip } of sizes.toSorted((a, b) => b.gzip - a.gzip).slice(0, 8)) console.log(`  ${kb(gzip).padStart(9)}  ${file}`);
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(`Entry JavaScript: ${kb(total)} gzipped in ${files.length} files, ${verdict} the ${kb(BUDGET_BYTES)} budget.`);
if (total > BUDGET_BYTES) {
  console.error('Split what the first screen does not need out of the entry (a route, React.lazy or a dynamic import).');
  process.exit(1);
}
