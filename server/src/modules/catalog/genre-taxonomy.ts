/**
 * How the catalog's Discogs genres and styles map onto the genres people browse by. Every genre
 * name the product shows (landing chips, the Discover row, the search filter, onboarding groups)
 * is here. A genre is assigned from Discogs genres, from styles, or from the release year; "New"
 * is the one genre decided when asked (released in the last two years), since it changes with time.
 */

export interface GenreDefinition {
  name: string;
  /** Discogs top-level genres that put an album in this genre. */
  discogsGenres?: readonly string[];
  /** Discogs styles that put an album in this genre. */
  styles?: readonly string[];
  /** Styles matching this pattern also count (used for the many "... Metal" styles). */
  stylePattern?: RegExp;
  /** Assigned when the release year is in this range (and, with `withGenre`, the album has that genre too). */
  years?: { from: number; to: number; withGenre?: string };
  /** Decided at query time rather than stored: `recent:<years>`. */
  rule?: string;
}

export const GENRE_DEFINITIONS: readonly GenreDefinition[] = [
  { name: 'Rock', discogsGenres: ['Rock'] },
  { name: 'Pop', discogsGenres: ['Pop'] },
  { name: 'Hip Hop', discogsGenres: ['Hip Hop'] },
  { name: 'Electronic', discogsGenres: ['Electronic'] },
  { name: 'Jazz', discogsGenres: ['Jazz'] },
  {
    name: 'Classical',
    discogsGenres: ['Classical'],
    styles: [
      'Modern Classical',
      'Neo-Classical',
      'Neo-Romantic',
      'Baroque',
      'Romantic',
      'Opera',
      'Indian Classical',
      'Hindustani',
      'Gagaku',
    ],
  },
  { name: 'R&B', styles: ['Rhythm & Blues', 'Contemporary R&B', 'RnB/Swing', 'New Jack Swing', 'Neo Soul', 'R&B', 'Doo Wop'] },
  { name: 'Soul', styles: ['Soul', 'Neo Soul', 'Soul-Jazz'] },
  { name: 'Funk', styles: ['Funk', 'P.Funk', 'Jazz-Funk', 'Go-Go', 'Minneapolis Sound', 'Boogie', 'G-Funk', 'Free Funk', 'Bayou Funk'] },
  { name: 'Disco', styles: ['Disco', 'Nu-Disco'] },
  {
    name: 'Country',
    styles: [
      'Country',
      'Country Rock',
      'Bluegrass',
      'Progressive Bluegrass',
      'Honky Tonk',
      'Bakersfield Sound',
      'Hillbilly',
      'Western Swing',
      'Cajun',
      'Zydeco',
    ],
  },
  {
    name: 'Folk',
    styles: ['Folk', 'Folk Rock', 'Indie Folk', 'Neofolk', 'Celtic', 'Appalachian Music', 'Ambient Folk', 'Acoustic', 'Folk Metal'],
  },
  {
    name: 'Metal',
    stylePattern: /metal\b/i,
    styles: ['Thrash', 'Grindcore', 'Metalcore', 'Speed Metal', 'Doom Metal', 'Sludge Metal', 'Blackgaze', 'Post-Metal'],
  },
  {
    name: 'Indie',
    styles: [
      'Indie Rock',
      'Indie Pop',
      'Indie Folk',
      'Lo-Fi',
      'Jangle Pop',
      'Dream Pop',
      'Shoegaze',
      'Slowcore',
      'Sadcore',
      'Math Rock',
      'Chillwave',
    ],
  },
  {
    name: 'Alternative',
    styles: [
      'Alternative Rock',
      'Grunge',
      'Post-Grunge',
      'Alternative Metal',
      'Britpop',
      'Shoegaze',
      'Noise Rock',
      'Emo',
      'Alt-Pop',
      'Nu Metal',
    ],
  },
  { name: 'Punk', styles: ['Punk', 'Post-Punk', 'Pop Punk', 'Hardcore', 'Post-Hardcore', 'No Wave', 'Psychobilly'] },
  { name: 'Blues', discogsGenres: ['Blues'] },
  { name: 'Reggae', discogsGenres: ['Reggae'] },
  { name: 'Latin', discogsGenres: ['Latin'] },
  // Assigned from the "Folk, World, & Country" container when neither Folk nor Country applies.
  { name: 'World' },
  { name: 'Soundtrack', discogsGenres: ['Stage & Screen'], styles: ['Soundtrack', 'Score', 'Video Game Music', 'Musical', 'Theme'] },
  {
    name: 'Experimental',
    styles: [
      'Experimental',
      'Avantgarde',
      'Noise',
      'Musique Concrète',
      'Free Improvisation',
      'Sound Collage',
      'Plunderphonics',
      'Field Recording',
      'Avant-garde Jazz',
      'Power Electronics',
      'Rhythmic Noise',
    ],
  },
  { name: 'Gospel', styles: ['Gospel', 'Religious', 'Reggae Gospel'] },
  {
    name: 'Classic',
    styles: ['Classic Rock', 'Rock & Roll', 'Arena Rock', 'AOR', 'Southern Rock'],
    years: { from: 1955, to: 1989, withGenre: 'Rock' },
  },
  { name: 'Post-Rock', styles: ['Post Rock'] },
  { name: 'Bebop', styles: ['Bop', 'Hard Bop'] },
  { name: 'Fusion', styles: ['Fusion', 'Jazz-Rock', 'Jazz-Funk'] },
  {
    name: 'Instrumental',
    styles: [
      'Instrumental',
      'Score',
      'Post Rock',
      'Ambient',
      'Dark Ambient',
      'Minimal Ambient',
      'Berlin-School',
      'Drone',
      'Modern Classical',
      'Big Band',
      'Surf',
    ],
  },
  { name: '90s', years: { from: 1990, to: 1999 } },
  { name: 'New', rule: 'recent:2' },
];

/** Discogs genres that are containers for several of ours; their styles decide, and the rest is World. */
const WORLD_GENRE = 'Folk, World, & Country';
const COMPOSITE_GENRES = new Set([WORLD_GENRE, 'Funk / Soul', 'Brass & Military', "Children's", 'Non-Music']);

export interface ClassifiedGenres {
  /** Our browsable genres, most relevant first. */
  genres: string[];
  /** The Discogs styles and genres kept as finer labels, in the source order. */
  styles: string[];
}

export function classifyGenres(raw: readonly string[], releaseYear: number | null): ClassifiedGenres {
  const genres: string[] = [];
  const add = (name: string) => {
    if (!genres.includes(name)) genres.push(name);
  };
  for (const label of raw) {
    for (const definition of GENRE_DEFINITIONS) {
      if (definition.discogsGenres?.includes(label)) add(definition.name);
      if (definition.styles?.includes(label) || definition.stylePattern?.test(label)) add(definition.name);
    }
  }
  if (raw.includes(WORLD_GENRE) && !genres.some((name) => name === 'Folk' || name === 'Country')) add('World');
  if (raw.includes('Funk / Soul') && !genres.some((name) => ['Soul', 'Funk', 'R&B', 'Disco'].includes(name))) add('Soul');
  if (releaseYear !== null) {
    for (const definition of GENRE_DEFINITIONS) {
      const years = definition.years;
      if (!years || releaseYear < years.from || releaseYear > years.to) continue;
      if (years.withGenre && !genres.includes(years.withGenre)) continue;
      add(definition.name);
    }
  }
  const ourNames = new Set(GENRE_DEFINITIONS.map((definition) => definition.name));
  const styles = raw.filter((label) => !COMPOSITE_GENRES.has(label) && !ourNames.has(label));
  return { genres, styles };
}
