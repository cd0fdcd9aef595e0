/** Text helpers shared across the server: slugs, accent-insensitive match keys, and text written into markup. */

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
 * The words a name is matched by: case, accents and punctuation do not matter, "&", "+" and "and" are left out
 * (they join the same names in different ways), and so is a leading or trailing "The" ("The Beatles", "Beatles, The").
 */
export function matchWords(value: string): string[] {
  const words = foldDiacritics(value)
    .toLowerCase()
    .replace(/['’‘`.]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const kept = words.filter((word) => word !== 'and');
  if (kept.length > 1 && kept[0] === 'the') kept.shift();
  if (kept.length > 1 && kept.at(-1) === 'the') kept.pop();
  return kept.length ? kept : words;
}

/**
 * A key for matching the same name written differently: its match words run together, so spacing and punctuation
 * do not matter either ("Section.80" and "Section 80", "R.E.M." and "REM"). A name with no letter or digit keys as
 * itself (lower case, spaces collapsed), so such names never share an empty key.
 */
export function matchKey(value: string): string {
  const key = matchWords(value).join('');
  return key || value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * A title's key without its parenthesised or bracketed parts ("Scary Monsters (And Super Creeps)", "Группа крови
 * [Gruppa krovi]"), unless they are all it has ("(Untitled)"): what a title matches by when the whole does not.
 */
export function titleMatchKey(title: string): string {
  const bare = title.replace(/\s*(\([^()]*\)|\[[^[\]]*\])/g, ' ');
  return matchWords(bare).length && /[\p{L}\p{N}]/u.test(bare) ? matchKey(bare) : matchKey(title);
}

/** The text cut to at most `max` UTF-16 code units, with "…" where it was cut (never inside a character). */
export function shorten(value: string, max: number): string {
  if (value.length <= max) return value;
  const kept = value.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept}…`;
}

/** "1 album", "12,345 albums": a count in English text that is never translated (link previews, the command line). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/** "The title is longer than 1,000 characters": why an entry, or an import row, is refused. */
export const textTooLong = (what: string, max: number) => `${what} is longer than ${max.toLocaleString('en-US')} characters`;

/**
 * Text (or an attribute value) written into HTML, SVG or XML: the five markup characters as character references, and
 * control characters other than tab and newlines dropped, since they make an XML document invalid.
 */
export function escapeMarkup(value: string): string {
  const printable = [...value].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
  });
  return printable.join('').replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** What a spreadsheet reads as a formula at the start of a cell (OWASP's list for CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV cell that a spreadsheet shows as text rather than runs: one beginning as a formula does is prefixed with a
 * single quote, as OWASP advises for CSV injection. `fromSpreadsheetCell` takes the quote off again.
 */
export const spreadsheetCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** A cell as `spreadsheetCell` wrote it, back as it was: our own CSVs imported again give the original text. */
export const fromSpreadsheetCell = (value: string): string =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
