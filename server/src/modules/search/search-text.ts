import { searchText } from '../../platform/db/search-index.ts';

/** At most eight words of a query, each only letters and digits (safe inside FTS and tsquery syntax). */
export function queryTokens(query: string): string[] {
  return searchText(query)
    .split(' ')
    .filter((token) => token.length > 0)
    .slice(0, 8);
}

/** Edits a typo may need: none for short words, one from 4 letters, two from 8. */
export function allowedEdits(token: string): number {
  if (token.length >= 8) return 2;
  if (token.length >= 4) return 1;
  return 0;
}

/** Damerau–Levenshtein distance (adjacent swaps count as one edit), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
  }
  return rows[a.length]![b.length]!;
}

/**
 * How well the words meet a document's text, whose start is the name (an artist's name, or an album's title followed
 * by its artist credit): 0 the whole text, 1 the name begins with the words, 2 every word is a whole word of it,
 * 3 it begins with the words (the last one cut short), 4 anything else that matched as typed. Lower ranks first.
 */
export function nameTier(text: string, tokens: readonly string[]): number {
  const phrase = tokens.join(' ');
  if (text === phrase) return 0;
  if (text.startsWith(`${phrase} `)) return 1;
  const words = text.split(' ');
  if (tokens.every((token) => words.includes(token))) return 2;
  if (text.startsWith(phrase)) return 3;
  return 4;
}

/** Matches ordered by `nameTier`, keeping the database's relevance order within a tier. */
export function rankByName<T extends { text: string }>(matches: readonly T[], tokens: readonly string[]): T[] {
  return matches
    .map((match, index) => ({ match, index, tier: nameTier(match.text, tokens) }))
    .sort((a, b) => a.tier - b.tier || a.index - b.index)
    .map(({ match }) => match);
}
