import { foldDiacritics } from '../../platform/text.ts';
import { isReservedUsername } from '@hearsay/contracts/constants';

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
  if (!isReservedUsername(padded)) return padded;
  // A word of the app ("guest") takes a number; a name that speaks for the site ("Hearsay Support") gets no username
  // that does.
  return isReservedUsername(`${padded}_1`) ? 'listener' : `${padded}_1`;
}

/** The base, or the base with the smallest free number after it. */
export async function uniqueUsername(name: string, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  const base = usernameBase(name);
  if (!(await taken(base))) return base;
  for (let suffix = 2; suffix < 10_000; suffix++) {
    const candidate = `${base}${suffix}`;
    if (!isReservedUsername(candidate) && !(await taken(candidate))) return candidate;
  }
  return `${base}_${Date.now().toString(36)}`;
}
