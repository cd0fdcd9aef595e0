/** Text helpers shared by the catalog, search and import: slugs and accent-insensitive match keys. */

export function foldDiacritics(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd');
}

/** "Sgt. Pepper’s Lonely Hearts Club Band" -> "sgt-peppers-lonely-hearts-club-band". */
export function slugify(value: string, maxLength = 80): string {
  const slug = foldDiacritics(value)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || 'untitled';
}

/**
 * A key for matching the same name written differently: case, accents, punctuation, "&"/"and"
 * and a leading "The" do not matter. "The Beatles" and "Beatles, The" share a key.
 */
export function matchKey(value: string): string {
  const folded = foldDiacritics(value)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return folded
    .replace(/^the\s+/, '')
    .replace(/\s+the$/, '')
    .replace(/\s+/g, ' ');
}

/** The text cut to at most `max` UTF-16 code units, with "…" where it was cut (never inside a character). */
export function shorten(value: string, max: number): string {
  if (value.length <= max) return value;
  const kept = value.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept}…`;
}

/** "The title is longer than 1,000 characters": why an entry, or an import row, is refused. */
export const textTooLong = (what: string, max: number) => `${what} is longer than ${max.toLocaleString('en-US')} characters`;
