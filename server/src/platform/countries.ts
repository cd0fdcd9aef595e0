/**
 * Countries as the charts slice by them (decision 081): ISO 3166-1 alpha-2 codes. MusicBrainz gives an artist's
 * country as a code when it knows it (`country`, or the codes of the artist's `area`); an artist kept before that,
 * with only its area's English name, is matched to a code by the English names of the regions Node's ICU knows, plus
 * the names MusicBrainz spells otherwise. A city or a subdivision without a code names no country.
 */

const ALIASES: Record<string, string> = {
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  'côte d’ivoire': 'CI',
  "côte d'ivoire": 'CI',
  'north macedonia': 'MK',
  macedonia: 'MK',
  'the netherlands': 'NL',
  usa: 'US',
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'soviet union': 'SU',
  yugoslavia: 'YU',
  czechoslovakia: 'CS',
  'east germany': 'DD',
};

let byName: Map<string, string> | undefined;

function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(ALIASES));
  const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      let name: string | undefined;
      try {
        name = display.of(code);
      } catch {
        name = undefined;
      }
      // Codes ICU does not know come back as themselves (or not at all).
      if (name && name !== code && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), code);
    }
  }
  return byName;
}

/** The code of the country an area's English name names, or null (a city, a region, an unknown name). */
export function countryOfArea(area: string | null | undefined): string | null {
  if (!area) return null;
  return names().get(area.trim().toLowerCase()) ?? null;
}

/** Whether a code is one the charts can slice by: two capital letters. */
export const isCountryCode = (code: string): boolean => /^[A-Z]{2}$/.test(code);
