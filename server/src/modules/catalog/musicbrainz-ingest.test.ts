import { describe, expect, it } from 'vitest';
import type { MbCredit, MbReleaseGroupHit, MbReleaseSummary } from '../../platform/musicbrainz/types.ts';
import { musicbrainzReleaseType, representativeRelease, resolveByArtistAndTitle } from './musicbrainz-ingest.ts';

const credit = (name: string, aliases: string[] = [], artistName = name): MbCredit => ({
  name,
  joinPhrase: '',
  artist: { mbid: `artist-${artistName}`, name: artistName, sortName: artistName, aliases },
});

const hit = (mbid: string, title: string, credits: MbCredit[], date: string | null): MbReleaseGroupHit => ({
  mbid,
  title,
  primaryType: 'Album',
  secondaryTypes: [],
  firstReleaseDate: date,
  credits,
  disambiguation: null,
  score: 100,
});

const release = (mbid: string, status: string | null, date: string | null, trackCount: number, format = 'CD'): MbReleaseSummary => ({
  mbid,
  title: 'Any',
  status,
  date,
  country: null,
  formats: [format],
  trackCount,
  labels: [],
});

describe('MusicBrainz into the catalog', () => {
  it('shelves live albums, soundtracks, compilations and remixes as such, whatever their primary type', () => {
    expect(musicbrainzReleaseType('Album', [])).toBe('album');
    expect(musicbrainzReleaseType('Album', ['Live'])).toBe('live');
    expect(musicbrainzReleaseType('Album', ['Soundtrack'])).toBe('soundtrack');
    expect(musicbrainzReleaseType('Album', ['Compilation'])).toBe('compilation');
    expect(musicbrainzReleaseType('EP', ['Remix'])).toBe('remix');
    expect(musicbrainzReleaseType('EP', [])).toBe('ep');
    expect(musicbrainzReleaseType('Single', [])).toBe('single');
    expect(musicbrainzReleaseType('Broadcast', [])).toBe('other');
    expect(musicbrainzReleaseType(null, [])).toBe('other');
  });

  it('takes the earliest official release with the usual track count as the tracklist of record', () => {
    const chosen = representativeRelease([
      release('promo', 'Promotion', '1972-12-01', 10),
      release('deluxe', 'Official', '1973-03-01', 14),
      release('first-vinyl', 'Official', '1973-03-01', 10, '12" Vinyl'),
      release('first-cd', 'Official', '1973-03-24', 10, 'CD'),
      release('reissue', 'Official', '1984', 10),
      release('bootleg', 'Bootleg', '1970', 10),
    ]);
    expect(chosen?.mbid).toBe('first-cd');
    expect(representativeRelease([])).toBeNull();
    expect(representativeRelease([release('only', null, null, 0)])?.mbid).toBe('only');
  });

  it('accepts one release group of the same credit, title and year within one; several are ambiguous; none, not found', () => {
    const album = { artistCredit: 'Nirvana', title: 'Nevermind', year: 1991 };
    expect(resolveByArtistAndTitle(album, [hit('a', 'Nevermind', [credit('Nirvana')], '1991-09-24')])).toEqual({
      outcome: 'resolved',
      mbid: 'a',
    });
    // Punctuation, case and a parenthesised part do not matter; another artist, another title or another decade do.
    expect(
      resolveByArtistAndTitle({ ...album, title: 'NEVERMIND (Remastered)' }, [hit('a', 'Nevermind', [credit('Nirvana')], '1992')]).outcome,
    ).toBe('resolved');
    expect(resolveByArtistAndTitle(album, [hit('b', 'Nevermind', [credit('Nirvana (UK)')], '1991')]).outcome).toBe('not_found');
    expect(resolveByArtistAndTitle(album, [hit('c', 'Nevermind Live', [credit('Nirvana')], '1991')]).outcome).toBe('not_found');
    expect(resolveByArtistAndTitle(album, [hit('d', 'Nevermind', [credit('Nirvana')], '2011')]).outcome).toBe('not_found');
    const gabriel = { artistCredit: 'Peter Gabriel', title: 'Peter Gabriel', year: 1978 };
    const both = resolveByArtistAndTitle(gabriel, [
      hit('car', 'Peter Gabriel', [credit('Peter Gabriel')], '1977-02-25'),
      hit('scratch', 'Peter Gabriel', [credit('Peter Gabriel')], '1978-06-02'),
    ]);
    expect(both.outcome).toBe('ambiguous');
    // An alias of the artist counts as the artist's name: "Bowie" is David Bowie.
    expect(
      resolveByArtistAndTitle({ artistCredit: 'Bowie', title: 'Low', year: 1977 }, [
        hit('low', 'Low', [credit('David Bowie', ['Bowie'])], '1977-01-14'),
      ]),
    ).toEqual({ outcome: 'resolved', mbid: 'low' });
  });
});
