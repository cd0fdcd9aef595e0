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

/** Rows reused between calls: spelling corrections measure hundreds of words per query word. */
let rows: Int32Array[] = [];

/** Letter counts reused between calls: a's added, b's taken away. */
const letterCounts = new Int32Array(65_536);

/**
 * A lower bound of the distance from the letters alone: an edit changes the letters' counts by two at most (a
 * substitution), so words whose counts differ by more than twice `limit` are too far apart. Most candidates of a
 * spelling correction end here, without the table below.
 */
function lettersTooFar(a: string, b: string, limit: number): boolean {
  for (let i = 0; i < a.length; i++) letterCounts[a.charCodeAt(i)]!++;
  for (let i = 0; i < b.length; i++) letterCounts[b.charCodeAt(i)]!--;
  let difference = 0;
  for (let i = 0; i < a.length; i++) {
    const code = a.charCodeAt(i);
    difference += Math.abs(letterCounts[code]!);
    letterCounts[code] = 0;
  }
  for (let i = 0; i < b.length; i++) {
    const code = b.charCodeAt(i);
    difference += Math.abs(letterCounts[code]!);
    letterCounts[code] = 0;
  }
  return difference > 2 * limit;
}

/** Damerau–Levenshtein distance (adjacent swaps count as one edit), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit || lettersTooFar(a, b, limit)) return limit + 1;
  const width = b.length + 1;
  if (rows.length < 3 || rows[0]!.length < width) rows = [new Int32Array(width), new Int32Array(width), new Int32Array(width)];
  // Three rows: the one before the previous (for swaps), the previous, the current.
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

/**
 * How well the words meet a document's text, whose start is the name (an artist's name, or an album's title followed
 * by its artist credit): 0 the whole text, 1 the name begins with the words, 2 every word is a whole word of it,
 * 3 it begins with the words (the last one cut short), 4 anything else that matched as typed. Lower ranks first.
 */
export function nameTier(text: string, tokens: readonly string[], phrase = tokens.join(' ')): number {
  if (text === phrase) return 0;
  if (text.startsWith(phrase) && text.charCodeAt(phrase.length) === SPACE) return 1;
  if (tokens.every((token) => hasWord(text, token))) return 2;
  if (text.startsWith(phrase)) return 3;
  return 4;
}

const SPACE = 32;

/** Whether `word` is one of the space-separated words of `text`, without splitting it. */
function hasWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === 0 || text.charCodeAt(at - 1) === SPACE) && (end === text.length || text.charCodeAt(end) === SPACE)) return true;
  }
  return false;
}

/** How many space-separated words `text` has (documents are indexed with single spaces). */
function wordCount(text: string): number {
  let count = 1;
  for (let index = text.indexOf(' '); index !== -1; index = text.indexOf(' ', index + 1)) count++;
  return count;
}

/**
 * Matches ordered by `nameTier`; within a tier the shorter text first (fewer words, then fewer letters: the closer to
 * what was typed), then by id, so the order never depends on the order the index gave them in.
 */
export function rankByName<T extends { text: string; refId: string }>(matches: readonly T[], tokens: readonly string[]): T[] {
  const phrase = tokens.join(' ');
  return matches
    .map((match) => ({ match, tier: nameTier(match.text, tokens, phrase), words: wordCount(match.text) }))
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        a.words - b.words ||
        a.match.text.length - b.match.text.length ||
        (a.match.refId < b.match.refId ? -1 : a.match.refId > b.match.refId ? 1 : 0),
    )
    .map(({ match }) => match);
}
