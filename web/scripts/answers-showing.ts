/**
 * Writes src/shared/lib/answers-showing.generated.ts: for ratings, reviews and follows, the answers that show them,
 * derived from every contract's endpoints (src/shared/lib/answers-showing.ts). Run after changing a contract:
 * `npm run answers:generate --workspace web`; answers-showing.test.ts fails until it is.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { answersShowingModule, deriveAnswersShowing, type Contracts } from '../src/shared/lib/answers-showing.ts';

const contractsFolder = new URL('../../contracts/src/', import.meta.url);
const contracts: Contracts = {};
for (const file of readdirSync(contractsFolder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
  const module = (await import(new URL(file, contractsFolder).href)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module)) {
    if (name.endsWith('Endpoints')) contracts[name.slice(0, -'Endpoints'.length)] = value as Contracts[string];
  }
}
const target = fileURLToPath(new URL('../src/shared/lib/answers-showing.generated.ts', import.meta.url));
writeFileSync(target, answersShowingModule(deriveAnswersShowing(contracts)));
console.log(`Wrote ${target}`);
