import { describe, expect, it } from 'vitest';
import {
  parseIncomingPost,
  presentMomentActivity,
  presentMomentNote,
  presentNote,
  ratingOutOfTen,
  ratingText,
  sanitizeRemoteHtml,
  type OutgoingMomentNote,
} from './activitypub.presenter.ts';

const album = {
  url: 'https://a.example/album/kid-a',
  title: 'Kid A',
  artist: 'Radiohead',
  coverUrl: 'https://a.example/covers/albums/1',
  mbid: 'b8048f8f-0ae4-3d5e-9a2b-6c2cbc4fb8b1',
};
const post = {
  id: 'https://a.example/ap/ratings/1',
  actorUri: 'https://a.example/ap/users/u1',
  followersUri: 'https://a.example/ap/users/u1/followers',
  audience: 'public' as const,
  album,
  rating: 9,
  published: '2026-12-06T10:00:00.000Z',
  updated: '2026-12-06T10:00:00.000Z',
};

describe('notes as other sites read them', () => {
  it('writes the rating out in stars and tenths, without custom emoji', () => {
    expect(ratingText(9)).toBe('★★★★½ 9/10');
    expect(ratingText(10)).toBe('★★★★★ 10/10');
    expect(ratingText(1)).toBe('½ 1/10');
  });

  it('makes a note whose content reads alone, addressed as the member’s privacy says', () => {
    const note = presentNote(post);
    expect(note.content).toBe('<p>★★★★½ 9/10 · <a href="https://a.example/album/kid-a">Kid A</a> — Radiohead</p>');
    expect(note).toMatchObject({ type: 'Note', to: ['https://www.w3.org/ns/activitystreams#Public'], cc: [post.followersUri] });
    expect(presentNote({ ...post, audience: 'followers' })).toMatchObject({ to: [post.followersUri], cc: [] });
    const escaped = presentNote({ ...post, album: { ...album, title: '<script>x</script>' } });
    expect(escaped.content).not.toContain('<script>');
  });

  it('brings every half step back exactly, Hearsay to Hearsay', () => {
    for (let rating = 1; rating <= 10; rating++) {
      const back = parseIncomingPost(presentNote({ ...post, rating }));
      expect(back?.rating).toBe(rating);
      expect(back?.album).toEqual({ title: 'Kid A', artist: 'Radiohead', mbid: album.mbid, url: album.url });
    }
  });

  it('reads a review with its title and its HTML kept to text, emphasis and links', () => {
    const back = parseIncomingPost(
      presentNote({
        ...post,
        review: { title: 'Cold, then warm', contentHtml: '<p>It <em>opens</em>.</p><img src="x"><script>alert(1)</script>' },
      }),
    );
    expect(back?.title).toBe('Cold, then warm');
    expect(back?.contentHtml).toBe('<p>It <em>opens</em>.</p>');
  });
});

describe('listens and lists as other sites read them', () => {
  const moment = (over: Partial<OutgoingMomentNote> & Pick<OutgoingMomentNote, 'moment'>): OutgoingMomentNote => ({
    id: 'https://a.example/ap/listens/1',
    actorUri: post.actorUri,
    followersUri: post.followersUri,
    audience: 'public',
    published: '2026-12-06T10:00:00.000Z',
    updated: '2026-12-06T10:00:00.000Z',
    ...over,
  });
  const list = { url: 'https://a.example/lists/l1', name: 'Cold <mornings>' };

  it('says a listen in words, with the album tagged as for a rating and no rating of the album', () => {
    const note = presentMomentNote(moment({ moment: { kind: 'listen', album, listenedOn: '2026-12-06', rating: null } }));
    expect(note.content).toBe('<p>Listened to <a href="https://a.example/album/kid-a">Kid A</a> — Radiohead</p>');
    expect(note).toMatchObject({
      type: 'Note',
      to: ['https://www.w3.org/ns/activitystreams#Public'],
      tag: [{ type: 'Album', name: 'Kid A', musicbrainz: `https://musicbrainz.org/release-group/${album.mbid}` }],
      attachment: [{ type: 'Image', url: album.coverUrl }],
    });
    expect(note).not.toHaveProperty('relatedWith');
    const earlier = presentMomentNote(moment({ moment: { kind: 'listen', album, listenedOn: '2026-12-01', rating: 8 } }));
    expect(earlier.content).toContain('Radiohead on 2026-12-01 · ★★★★ 8/10</p>');
  });

  it('says an album went into a list, escaping the list’s name and the note', () => {
    const note = presentMomentNote(
      moment({
        id: 'https://a.example/ap/lists/l1/albums/a1',
        audience: 'followers',
        moment: { kind: 'list-album', list, album, note: 'For <b>rain</b>' },
      }),
    );
    expect(note.content).toBe(
      '<p>Added <a href="https://a.example/album/kid-a">Kid A</a> — Radiohead to the list «<a href="https://a.example/lists/l1">Cold &#60;mornings&#62;</a>»</p><p>For &#60;b&#62;rain&#60;/b&#62;</p>',
    );
    expect(note).toMatchObject({ to: [post.followersUri], cc: [], url: list.url, tag: [{ type: 'Album', name: 'Kid A' }] });
  });

  it('names a new list’s first albums and tags none, so no site files it under one album', () => {
    const albums = Array.from({ length: 12 }, (_, index) => ({ ...album, title: `Album ${index + 1}` }));
    const note = presentMomentNote(
      moment({ id: 'https://a.example/ap/lists/l1', moment: { kind: 'list', list: { ...list, description: 'Slow ones.' }, albums } }),
    );
    expect(note.content).toMatch(
      /^<p>Made the list «<a href="https:\/\/a.example\/lists\/l1">Cold &#60;mornings&#62;<\/a>»<\/p><p>Slow ones.<\/p><ol>/,
    );
    expect(note.content).toContain('Album 10</a>');
    expect(note.content).not.toContain('Album 11</a>');
    expect(note.content).toContain('<p>…and 2 more</p>');
    expect(note.tag).toEqual([]);
    expect(parseIncomingPost(note)).toBeNull();
  });

  it('reaches another Hearsay site as a post about the album that reads as the words sent', () => {
    const activity = presentMomentActivity(
      'Create',
      moment({ moment: { kind: 'list-album', list, album, note: '' } }),
      '2026-12-06T10:00:00.000Z',
    );
    const back = parseIncomingPost(activity.object);
    expect(back).toMatchObject({ rating: null, title: '', album: { title: 'Kid A', mbid: album.mbid } });
    expect(back?.contentHtml).toBe(
      '<p>Added <a href="https://a.example/album/kid-a" rel="nofollow ugc noopener" target="_blank">Kid A</a> — Radiohead to the list «<a href="https://a.example/lists/l1" rel="nofollow ugc noopener" target="_blank">Cold &lt;mornings&gt;</a>»</p>',
    );
    expect(activity).toMatchObject({ type: 'Create', actor: post.actorUri, to: ['https://www.w3.org/ns/activitystreams#Public'] });
  });
});

describe('notes other software sends', () => {
  it('reads a NeoDB-shaped note: album in `tag`, a Rating out of 10 in `relatedWith`', () => {
    const neodb = {
      id: 'https://neodb.example/p/abc',
      type: 'Note',
      attributedTo: 'https://neodb.example/users/ann',
      content: '<p>rated ★★★★☆</p>',
      published: '2026-11-01T09:00:00Z',
      tag: [{ type: 'Album', href: 'https://neodb.example/album/xyz', name: 'Blue', image: 'https://neodb.example/i.jpg' }],
      relatedWith: [{ type: 'Rating', value: 8, best: 10, worst: 1, withRegardTo: 'https://neodb.example/album/xyz' }],
    };
    expect(parseIncomingPost(neodb)).toMatchObject({ rating: 8, album: { title: 'Blue', mbid: null }, title: '', contentHtml: '' });
  });

  it('leaves out a plain status, a reply, and anything malformed', () => {
    const status = { id: 'https://m.example/s/1', type: 'Note', content: '<p>hello</p>', attributedTo: 'https://m.example/u/a' };
    expect(parseIncomingPost(status)).toBeNull();
    expect(parseIncomingPost({ ...presentNote(post), inReplyTo: 'https://m.example/s/0' })).toBeNull();
    expect(parseIncomingPost({ ...presentNote(post), id: 'javascript:alert(1)' })).toBeNull();
    expect(parseIncomingPost('nonsense')).toBeNull();
    expect(parseIncomingPost({ ...presentNote(post), content: 'x'.repeat(300_000) })).toBeNull();
  });

  it('scales a rating given out of another best to ten, and refuses one out of range', () => {
    expect(ratingOutOfTen(4, 5, 1)).toBe(8);
    expect(ratingOutOfTen(11, 10, 1)).toBeNull();
    expect(ratingOutOfTen(Number.NaN)).toBeNull();
  });

  it('keeps links safe in remote HTML', () => {
    expect(sanitizeRemoteHtml('<a href="javascript:alert(1)">x</a><a href="https://ok.example">y</a>')).toBe(
      '<a rel="nofollow ugc noopener" target="_blank">x</a><a href="https://ok.example" rel="nofollow ugc noopener" target="_blank">y</a>',
    );
  });
});
