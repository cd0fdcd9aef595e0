import { describe, expect, it } from 'vitest';
import { classifyGenres } from './genre-taxonomy.ts';
import { creditText, fixTitleCase, releaseTypeOf, splitArtistCredit } from './normalise.ts';

describe('fixTitleCase', () => {
  it.each([
    ['The Dark Side Of The Moon', 'The Dark Side of the Moon'],
    ['Songs In The Key Of Life', 'Songs in the Key of Life'],
    ['Music Has The Right To Children', 'Music Has the Right to Children'],
    ['The Rise And Fall Of Ziggy Stardust And The Spiders From Mars', 'The Rise and Fall of Ziggy Stardust and the Spiders from Mars'],
    ["What's Going On", "What's Going On"],
    ['Live At The Star-Club', 'Live at the Star-Club'],
    ['A Love Supreme', 'A Love Supreme'],
    ['Songs Of Love: The Best Of', 'Songs of Love: The Best Of'],
    ['Born In The U.S.A.', 'Born in the U.S.A.'],
    ['OK Computer', 'OK Computer'],
  ])('%s -> %s', (input, expected) => {
    expect(fixTitleCase(input)).toBe(expected);
  });
});

describe('splitArtistCredit', () => {
  it('splits artists the catalog joined with a comma', () => {
    const credits = splitArtistCredit('The Velvet Underground, Nico');
    expect(credits.map((credit) => credit.name)).toEqual(['The Velvet Underground', 'Nico']);
    expect(creditText(credits)).toBe('The Velvet Underground & Nico');
  });

  it('keeps artists whose own name has a comma', () => {
    expect(splitArtistCredit('Crosby, Stills, Nash & Young').map((credit) => credit.name)).toEqual(['Crosby, Stills, Nash & Young']);
    expect(splitArtistCredit('Earth, Wind & Fire')).toHaveLength(1);
    expect(splitArtistCredit('Tyler, The Creator')).toHaveLength(1);
  });

  it('keeps a comma name inside a longer credit', () => {
    expect(splitArtistCredit('Harry Connick, Jr., Wynton Marsalis').map((credit) => credit.name)).toEqual([
      'Harry Connick, Jr.',
      'Wynton Marsalis',
    ]);
  });

  it('calls Various "Various Artists"', () => {
    expect(splitArtistCredit('Various').map((credit) => credit.name)).toEqual(['Various Artists']);
    expect(splitArtistCredit('B.B. King, Various').map((credit) => credit.name)).toEqual(['B.B. King', 'Various Artists']);
  });
});

describe('releaseTypeOf', () => {
  it('reads MusicBrainz primary and secondary types', () => {
    expect(releaseTypeOf('Album', 'Nevermind', ['Rock'])).toBe('album');
    expect(releaseTypeOf('Album (Remix)', 'The Grey Album', ['Hip Hop'])).toBe('remix');
    expect(releaseTypeOf('EP', 'Something', [])).toBe('ep');
    expect(releaseTypeOf('Compilation', 'Hits', [])).toBe('compilation');
  });

  it('recognises live albums and soundtracks the source does not mark', () => {
    expect(releaseTypeOf('Album', 'Live at the Harlem Square Club, 1963', ['Funk / Soul'])).toBe('live');
    expect(releaseTypeOf('Album', 'Live Through This', ['Rock'])).toBe('album');
    expect(releaseTypeOf('Album', 'Blade Runner', ['Electronic', 'Stage & Screen', 'Soundtrack'])).toBe('soundtrack');
  });
});

describe('classifyGenres', () => {
  it('maps Discogs genres and styles onto browsable genres', () => {
    const { genres, styles } = classifyGenres(['Rock', 'Alternative Rock', 'Grunge'], 1991);
    expect(genres).toEqual(expect.arrayContaining(['Rock', 'Alternative', '90s']));
    expect(styles).toEqual(['Alternative Rock', 'Grunge']);
  });

  it('splits the Funk / Soul and Folk, World, & Country containers by style', () => {
    expect(classifyGenres(['Funk / Soul', 'Neo Soul'], 2000).genres).toEqual(expect.arrayContaining(['R&B', 'Soul']));
    expect(classifyGenres(['Folk, World, & Country', 'Bluegrass'], 2000).genres).toContain('Country');
    expect(classifyGenres(['Folk, World, & Country', 'Mbalax'], 2000).genres).toContain('World');
  });

  it('marks rock from before 1990 as Classic, but not later rock', () => {
    expect(classifyGenres(['Rock'], 1971).genres).toContain('Classic');
    expect(classifyGenres(['Rock'], 2005).genres).not.toContain('Classic');
  });
});
