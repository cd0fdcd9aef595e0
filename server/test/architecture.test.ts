import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rules docs/ARCHITECTURE.md states are the rules the tools keep: lint refuses a module reaching into another's
 * internals, and the diagram of module dependencies in the document is the one the code has.
 */
const root = new URL('../../', import.meta.url).pathname;
const modulesDir = join(root, 'server/src/modules');
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

async function lintErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

describe('import boundaries', () => {
  it('lint refuses a module importing another module’s internals, and allows its service', async () => {
    expect(
      await lintErrors('server/src/modules/ratings/violation.ts', "export { findAlbum } from '../catalog/catalog.repository.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await lintErrors('server/src/modules/ratings/allowed.ts', "export type { CatalogService } from '../catalog/catalog.service.ts';\n"),
    ).toEqual([]);
  }, 60_000);

  it('lint refuses platform code importing a module, and a web feature importing another feature', async () => {
    expect(
      await lintErrors(
        'server/src/platform/violation.ts',
        "export type { CatalogService } from '../modules/catalog/catalog.service.ts';\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(await lintErrors('web/src/features/search/violation.ts', "export { useAlbum } from '../catalog/api.ts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
  }, 60_000);
});

/** `a --> b` for every module a whose code names module b's service. */
function dependenciesInCode(): string[] {
  const edges = new Set<string>();
  for (const module of modules) {
    const files = readdirSync(join(modulesDir, module), { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of files) {
      const source = readFileSync(join(modulesDir, module, file), 'utf8');
      for (const match of source.matchAll(/from '\.\.\/([\w-]+)\/[\w-]+\.service\.ts'/g)) {
        if (match[1] !== module) edges.add(`${module} --> ${match[1]}`);
      }
    }
  }
  return [...edges].sort();
}

function dependenciesInDocs(): string[] {
  const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const diagram = /```mermaid\n(graph[^\n]*\n[\s\S]*?)```/.exec(doc)?.[1] ?? '';
  return [...diagram.matchAll(/^\s*([\w-]+) --> ([\w-]+)\s*$/gm)].map((match) => `${match[1]} --> ${match[2]}`).sort();
}

describe('docs/ARCHITECTURE.md', () => {
  it('draws exactly the dependencies between modules that the code has', () => {
    expect(dependenciesInDocs()).toEqual(dependenciesInCode());
  });

  it('names every module', () => {
    const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
    expect(modules.filter((module) => !doc.includes(`\`${module}\``))).toEqual([]);
  });
});
