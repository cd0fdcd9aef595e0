import type { Endpoint } from '@hearsay/contracts/endpoint';
import { readdirSync } from 'node:fs';

const contractsDir = new URL('../../contracts/src/', import.meta.url);

/** Every endpoint declared in the contracts, found by shape in their exports, by "METHOD /path" as `app.apiRoutes` names routes. */
export async function declaredEndpoints(): Promise<Map<string, Endpoint>> {
  const found = new Map<string, Endpoint>();
  const files = readdirSync(contractsDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files) {
    const contract = (await import(new URL(file, contractsDir).href)) as Record<string, unknown>;
    for (const group of Object.values(contract)) {
      if (!group || typeof group !== 'object') continue;
      for (const value of Object.values(group)) {
        const candidate = value as Partial<Endpoint> | null;
        if (candidate && typeof candidate.method === 'string' && candidate.path?.startsWith('/api/')) {
          found.set(`${candidate.method} ${candidate.path}`, candidate as Endpoint);
        }
      }
    }
  }
  return found;
}
