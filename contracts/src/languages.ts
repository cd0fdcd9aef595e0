// Free of zod, so the web app's entry can use it without loading every schema (settings.ts re-exports it).

/** The languages Hearsay is written in; English is the source the others are translated from. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The best of Hearsay's languages for an Accept-Language header or a browser's list ("fr-CA" reads as French). */
export function pickLanguage(wanted: readonly string[]): Language | null {
  for (const tag of wanted) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    const found = LANGUAGES.find((language) => language === base);
    if (found) return found;
  }
  return null;
}

/** The languages of an Accept-Language header, most wanted first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const q = weight === undefined ? 1 : Number(weight.slice(2));
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
