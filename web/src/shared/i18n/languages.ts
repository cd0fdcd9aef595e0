import type { Language } from '@hearsay/contracts/settings';

// The contract's LANGUAGES and pickLanguage, restated: contracts/settings.ts builds zod schemas as it loads, which
// would put zod in the entry bundle. languages.test.ts holds these to the contract's.

/** The languages Hearsay is written in; English is the source the others are translated from. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'ja'] as const satisfies readonly Language[];

/** The best of Hearsay's languages for a browser's list of tags ("fr-CA" reads as French). */
export function pickLanguage(wanted: readonly string[]): Language | null {
  for (const tag of wanted) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    const found = LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return null;
}
