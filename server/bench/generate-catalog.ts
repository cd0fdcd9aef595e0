import type { DB } from '../src/platform/db/index.ts';
import { addCatalogEntries, type CatalogEntry } from '../src/modules/catalog/catalog-writer.ts';

/** Deterministic pseudo-random numbers, so every benchmark run measures the same catalog. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const SYLLABLES = [
  'ra',
  'dio',
  'head',
  'mo',
  'lu',
  'ka',
  'ven',
  'tor',
  'sil',
  'ber',
  'no',
  'vak',
  'el',
  'frost',
  'ash',
  'wind',
  'ore',
  'lark',
  'bloom',
  'vex',
  'quill',
  'tide',
  'ember',
  'nova',
];
const WORDS = [
  'Night',
  'Glass',
  'River',
  'Echo',
  'Summer',
  'Static',
  'Golden',
  'Ghost',
  'Neon',
  'Paper',
  'Velvet',
  'Distant',
  'Wild',
  'Silent',
  'Electric',
  'Blue',
  'Hollow',
  'Crystal',
  'Northern',
  'Lights',
  'Songs',
  'Dreams',
  'Machine',
  'Garden',
  'Empire',
  'Signals',
  'Waves',
  'Heart',
  'City',
  'Fire',
];
const GENRES = [
  ['Rock', 'Indie Rock'],
  ['Electronic', 'Ambient'],
  ['Jazz', 'Hard Bop'],
  ['Hip Hop', 'Boom Bap'],
  ['Pop', 'Synth-pop'],
  ['Rock', 'Post Rock'],
  ['Folk, World, & Country', 'Folk'],
  ['Funk / Soul', 'Soul'],
];

function name(next: () => number, parts: number): string {
  let value = '';
  for (let index = 0; index < parts; index++) value += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** `count` albums by about count/8 artists, with genres, years from 1955 to 2025 and short tracklists. */
export async function generateCatalog(db: DB, count: number, onProgress: (done: number) => void): Promise<void> {
  const next = random(42);
  const artists = Array.from({ length: Math.ceil(count / 8) }, (_, index) => `${name(next, 2)} ${name(next, 2)} ${index}`);
  const batchSize = 5000;
  for (let start = 0; start < count; start += batchSize) {
    const entries: CatalogEntry[] = [];
    for (let index = start; index < Math.min(count, start + batchSize); index++) {
      const artist = artists[Math.floor(next() * artists.length)]!;
      const title = `${WORDS[Math.floor(next() * WORDS.length)]} ${WORDS[Math.floor(next() * WORDS.length)]} ${index}`;
      const year = 1955 + Math.floor(next() * 71);
      entries.push({
        title,
        credits: [{ name: artist, joinPhrase: '' }],
        releaseDate: String(year),
        releaseType: 'album',
        rawGenres: GENRES[index % GENRES.length]!,
        label: null,
        description: null,
        mbid: null,
        artistMbids: [null],
        discogsMasterId: null,
        tracks: Array.from({ length: 8 }, (_, position) => ({
          disc: 1,
          position: position + 1,
          title: `${WORDS[(index + position) % WORDS.length]} ${position + 1}`,
          durationMs: 180_000 + position * 7_000,
        })),
        source: 'catalog',
      });
    }
    await addCatalogEntries(db, entries, new Date().toISOString());
    onProgress(Math.min(count, start + batchSize));
  }
}
