import { foldDiacritics } from '../../platform/text.ts';
import { RESERVED_USERNAMES } from '@hearsay/contracts/constants';

/** "Zoë O'Brien" → "zoeobrien": lower case letters, digits and underscores, 3 to 30 long. */
export function usernameBase(name: string): string {
  const base = foldDiacritics(name)
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 24)
    .replace(/_+$/g, '');
  const padded = base.length >= 3 ? base : `${base || 'listener'}${base ? '_fan' : ''}`;
  return RESERVED_USERNAMES.has(padded) ? `${padded}_1` : padded;
}

/** The base, or the base with the smallest free number after it. */
export async function uniqueUsername(name: string, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  const base = usernameBase(name);
  if (!(await taken(base))) return base;
  for (let suffix = 2; suffix < 10_000; suffix++) {
    const candidate = `${base}${suffix}`;
    if (!RESERVED_USERNAMES.has(candidate) && !(await taken(candidate))) return candidate;
  }
  return `${base}_${Date.now().toString(36)}`;
}
