import { describe, expect, it } from 'vitest';
import { isReadableHost, namedAlbums, recogniseLink } from './link-shapes.ts';

describe('recognising music links', () => {
  it('reads each site’s album and track links, as MusicBrainz keeps them', () => {
    const cases: [string, object][] = [
      [
        'https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv?si=abc',
        { service: 'spotify', kind: 'album', canonical: 'https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv' },
      ],
      [
        'https://open.spotify.com/intl-de/track/6EuE9M1viu9gkdFSafia9o',
        { service: 'spotify', kind: 'track', canonical: 'https://open.spotify.com/track/6EuE9M1viu9gkdFSafia9o' },
      ],
      [
        'spotify:album:4LH4d3cOWNNsVw41Gqt2kv',
        { service: 'spotify', kind: 'album', canonical: 'https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv' },
      ],
      [
        'https://music.apple.com/gb/album/the-dark-side-of-the-moon/1065973699',
        { service: 'apple_music', kind: 'album', canonical: 'https://music.apple.com/gb/album/the-dark-side-of-the-moon/1065973699' },
      ],
      ['https://music.apple.com/us/album/money/1065973699?i=1065973704', { service: 'apple_music', kind: 'track' }],
      [
        'https://radiohead.bandcamp.com/album/in-rainbows',
        { service: 'bandcamp', kind: 'album', canonical: 'https://radiohead.bandcamp.com/album/in-rainbows' },
      ],
      ['https://artist.bandcamp.com/track/a-song?from=embed', { service: 'bandcamp', kind: 'track' }],
      ['https://tidal.com/browse/album/77646168', { service: 'tidal', kind: 'album', canonical: 'https://tidal.com/album/77646168' }],
      ['https://listen.tidal.com/track/77646169', { service: 'tidal', kind: 'track' }],
      ['https://www.deezer.com/fr/album/302127', { service: 'deezer', kind: 'album', canonical: 'https://www.deezer.com/album/302127' }],
      ['https://link.deezer.com/s/30Fx5Wq2HD7Yz', { service: 'deezer', kind: 'other', page: true }],
      ['https://deezer.page.link/abc123', { service: 'deezer', kind: 'other', page: false }],
      ['https://music.youtube.com/playlist?list=OLAK5uy_nMr9h2VlS-2PULNz3M3XVXQj_P3C2bqaY', { service: 'youtube_music', kind: 'album' }],
      [
        'https://music.youtube.com/watch?v=dQw4w9WgXcQ&feature=share',
        { service: 'youtube_music', kind: 'track', canonical: 'https://music.youtube.com/watch?v=dQw4w9WgXcQ' },
      ],
      [
        'https://youtu.be/dQw4w9WgXcQ?si=x',
        { service: 'youtube', kind: 'track', canonical: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      ],
      ['https://www.youtube.com/playlist?list=PL0123456789abcdef', { service: 'youtube', kind: 'other', page: false }],
      [
        'https://musicbrainz.org/release-group/f5093c06-23e3-404f-aeaa-40f72885ee3a',
        { service: 'musicbrainz', mbid: { releaseGroup: 'f5093c06-23e3-404f-aeaa-40f72885ee3a' }, page: false },
      ],
      [
        'https://musicbrainz.org/release/b84ee12a-09ef-421b-82de-0441a926375b/cover-art',
        { service: 'musicbrainz', mbid: { release: 'b84ee12a-09ef-421b-82de-0441a926375b' } },
      ],
      [
        'https://musicbrainz.org/recording/bef3fddb-5aca-49f5-b2fd-d56a23268d63',
        { service: 'musicbrainz', kind: 'track', mbid: { recording: 'bef3fddb-5aca-49f5-b2fd-d56a23268d63' } },
      ],
    ];
    for (const [link, expected] of cases) expect(recogniseLink(link), link).toMatchObject(expected);
    for (const other of ['https://example.org/album/1', 'mailto:a@b.c', 'https://spotify.com.evil.example/album/x']) {
      expect(recogniseLink(other), other).toBeNull();
    }
  });

  it('reads pages only from the music sites’ own hosts', () => {
    for (const host of ['open.spotify.com', 'music.apple.com', 'someband.bandcamp.com', 'www.deezer.com', 'music.youtube.com']) {
      expect(isReadableHost(host), host).toBe(true);
    }
    for (const host of ['bandcamp.com.evil.example', 'evil.example', 'a.b.bandcamp.com', 'musicbrainz.org', 'localhost', '127.0.0.1']) {
      expect(isReadableHost(host), host).toBe(false);
    }
  });
});

describe('reading the album in shared words', () => {
  it('reads the sites’ ways of naming an album, likeliest first', () => {
    expect(namedAlbums('ye - Album by Kanye West | Spotify')[0]).toEqual({ title: 'ye', artist: 'Kanye West' });
    expect(namedAlbums('In Rainbows, by Radiohead')[0]).toEqual({ title: 'In Rainbows', artist: 'Radiohead' });
    expect(namedAlbums('Listen to Blue by Joni Mitchell on Apple Music')[0]).toEqual({ title: 'Blue', artist: 'Joni Mitchell' });
    expect(namedAlbums('Radiohead - OK Computer')).toContainEqual({ title: 'OK Computer', artist: 'Radiohead' });
    expect(namedAlbums('https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv')).toEqual([]);
    expect(namedAlbums('just some words')).toEqual([]);
  });
});
