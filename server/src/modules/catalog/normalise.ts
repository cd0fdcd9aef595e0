import type { ReleaseType } from '@hearsay/contracts/catalog';

/**
 * Fixes for what the starter catalog's sources get wrong, applied when albums enter the catalog:
 * Discogs Title-Cases Every Word, joins several artists with ", ", and calls compilations "Various".
 */

const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'but',
  'or',
  'nor',
  'for',
  'yet',
  'so',
  'as',
  'at',
  'by',
  'in',
  'of',
  'off',
  'on',
  'per',
  'to',
  'up',
  'via',
  'vs',
  'vs.',
  'from',
  'into',
  'onto',
  'with',
  'upon',
  "o'",
  "'n'",
  'n',
]);

/**
 * "The Dark Side Of The Moon" -> "The Dark Side of the Moon". Articles, short conjunctions and
 * prepositions are lower-cased unless they open or close the title or follow ":", "-", "(" or "/".
 * Words not written in plain Title case (acronyms, "iTunes") are left alone.
 */
export function fixTitleCase(title: string): string {
  const tokens = title.split(/(\s+)/);
  const wordIndexes = tokens.flatMap((token, index) => (/\S/.test(token) ? [index] : []));
  const first = wordIndexes[0];
  const last = wordIndexes[wordIndexes.length - 1];
  let previousWord = '';
  for (const index of wordIndexes) {
    const word = tokens[index] ?? '';
    const startsClause = previousWord === '' || /[:\-–—(/[]$/.test(previousWord) || /^[([]/.test(word);
    const isTitleCased = /^\p{Lu}[\p{Ll}'.]*$/u.test(word);
    if (index !== first && index !== last && !startsClause && isTitleCased && SMALL_WORDS.has(word.toLowerCase())) {
      tokens[index] = word.toLowerCase();
    }
    previousWord = word;
  }
  return tokens.join('');
}

/**
 * Artists whose own name contains ", " — the one case where the catalog's comma does not separate
 * two credited artists.
 */
const NAMES_WITH_COMMAS = new Set(
  [
    'Blood, Sweat And Tears',
    'Blood, Sweat & Tears',
    'Crosby, Stills & Nash',
    'Crosby, Stills, Nash & Young',
    'Earth, Wind & Fire',
    'Emerson, Lake & Palmer',
    'Black Country, New Road',
    'Harry Connick, Jr.',
    'Tyler, The Creator',
    'The Good, The Bad & The Queen',
    'Peter, Paul and Mary',
    'Peter, Paul & Mary',
    'Brooks, Rodeo & Wildly',
    'Does It Offend You, Yeah?',
    'Apologies, I Have None',
    "You Can't Win, Charlie Brown",
    'Lambert, Hendricks & Ross',
    'Lambert, Hendricks and Ross',
  ].map((name) => name.toLowerCase()),
);

const VARIOUS = new Set(['various', 'various artists', 'v/a', 'va']);
const VARIOUS_ARTISTS = 'Various Artists';

export interface Credit {
  name: string;
  joinPhrase: string;
  /** Other spellings of the artist's name (romanised, localized), kept as aliases that imports match and search finds. */
  aliases?: string[];
}

/** Split "The Velvet Underground, Nico" into two credits; keep "Earth, Wind & Fire" whole. */
export function splitArtistCredit(credit: string): Credit[] {
  const trimmed = credit.trim();
  if (VARIOUS.has(trimmed.toLowerCase())) return [{ name: VARIOUS_ARTISTS, joinPhrase: '' }];
  const names = splitKeepingKnownNames(trimmed)
    .map((name) => (VARIOUS.has(name.toLowerCase()) ? VARIOUS_ARTISTS : name))
    .filter((name, index, all) => all.indexOf(name) === index);
  return names.map((name, index) => ({
    name,
    joinPhrase: index === names.length - 1 ? '' : index === names.length - 2 ? ' & ' : ', ',
  }));
}

function splitKeepingKnownNames(credit: string): string[] {
  if (NAMES_WITH_COMMAS.has(credit.toLowerCase())) return [credit];
  const parts = credit.split(', ');
  const names: string[] = [];
  for (let index = 0; index < parts.length; index++) {
    let joined = false;
    // Prefer the longest known comma name starting at this part.
    for (let end = parts.length; end > index + 1; end--) {
      const candidate = parts.slice(index, end).join(', ');
      if (NAMES_WITH_COMMAS.has(candidate.toLowerCase())) {
        names.push(candidate);
        index = end - 1;
        joined = true;
        break;
      }
    }
    if (!joined) names.push(parts[index] ?? '');
  }
  return names.map((name) => name.trim()).filter(Boolean);
}

export function creditText(credits: readonly Credit[]): string {
  return credits.map((credit) => credit.name + credit.joinPhrase).join('');
}

/** "Lastname, The" style sort names: "The Beatles" sorts under B. */
export function sortName(name: string): string {
  const match = /^(the|a|an)\s+(.+)$/i.exec(name);
  return match ? `${match[2]}, ${match[1]}` : name;
}

const LIVE_TITLE = /\blive (at|in|from|on)\b|\((live|in concert)\)|\bunplugged\b|\bin concert\b/i;

/**
 * The catalog's `type` is a MusicBrainz primary type with secondary types in brackets ("Album (Remix)").
 * Soundtracks and live albums are not marked in the source, so genre and title decide those.
 */
export function releaseTypeOf(type: string, title: string, rawGenres: readonly string[]): ReleaseType {
  const [primary = 'Album', ...secondary] = type
    .split(/[()]/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  const secondaries = secondary.flatMap((part) => part.split(/\s*[+,]\s*/));
  if (secondaries.includes('live')) return 'live';
  if (secondaries.includes('compilation') || primary === 'compilation') return 'compilation';
  if (secondaries.includes('soundtrack')) return 'soundtrack';
  if (secondaries.includes('remix')) return 'remix';
  if (primary === 'ep') return 'ep';
  if (primary === 'single') return 'single';
  if (primary !== 'album') return 'other';
  if (LIVE_TITLE.test(title)) return 'live';
  if (rawGenres.includes('Stage & Screen') && rawGenres.some((genre) => ['Soundtrack', 'Score', 'Musical'].includes(genre))) {
    return 'soundtrack';
  }
  return 'album';
}

/** "1973-03-24" -> 1973; tolerates "1973", "1973-03" and empty values. */
export function yearOf(releaseDate: string | null | undefined): number | null {
  const match = /^(\d{4})/.exec(releaseDate ?? '');
  return match ? Number(match[1]) : null;
}
