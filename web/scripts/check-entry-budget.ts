/**
 * The entry budget: what a first visit downloads before the app can start (the entry script, the app it starts once
 * the page has painted, and every module either imports, gzipped) stays at or under 170 KB. Run after `vite build`
 * (`npm run build` does), which writes the manifest this reads; exits 1 when over.
 * `node scripts/check-entry-budget.ts [dist]`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 170_000;
/** The app itself: `main.tsx` imports it after the first paint, so it is part of every start. */
const APP = 'src/app/start.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The files of the page's entry and of the app, with every chunk they import statically. */
function startFiles(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  for (const key of entries) visit(key);
  if (!manifest[APP]) throw new Error(`${APP} is not a chunk of the build: main.tsx should import it.`);
  visit(APP);
  return [...files].filter((file) => file.endsWith('.js'));
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'));
const manifestFile = join(dist, '.vite', 'manifest.json');
const files = startFiles(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>);
if (files.length === 0) {
  console.error(`No entry script found in ${manifestFile}.`);
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
