import { Person } from '@fedify/vocab';
import { preloadedContexts, type DocumentLoader } from '@fedify/vocab-runtime';
import jsonld from '@fedify/vocab-runtime/jsonld';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  objectId,
  objectType,
  parseIncomingActivity,
  parseIncomingActor,
  parseIncomingFlag,
  parseIncomingPost,
  parseIncomingReply,
  presentDeleteActivity,
  presentFlag,
  remoteHtmlAsText,
  presentPostActivity,
} from './activitypub.presenter.ts';

// Payloads in the shapes Mastodon, NeoDB and BookWyrm send, each following a fixture or documented example of that
// project: test/fixtures/federation/SOURCES.md says which. What Hearsay makes of each is what a member would notice.

const fixtures = new URL('../../../test/fixtures/federation/', import.meta.url);
const payload = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(name, fixtures), 'utf8')) as Record<string, unknown>;

/** JSON-LD contexts from Fedify's preloaded copies alone: the tests never reach the network. */
const offlineLoader: DocumentLoader = async (url) => {
  const document = preloadedContexts[url];
  if (document === undefined) throw new Error(`not loaded offline: ${url}`);
  return { contextUrl: null, documentUrl: url, document };
};
const loaders = { documentLoader: offlineLoader, contextLoader: offlineLoader };

const AS = 'https://www.w3.org/ns/activitystreams#';

describe('Mastodon', () => {
  it('leaves out a plain status: it names no album', () => {
    const create = parseIncomingActivity(payload('mastodon/create-note.json'));
    expect(create).toMatchObject({ type: 'Create', actor: 'https://mastodon.example/users/juno' });
    expect(objectType(create?.object)).toBe('Note');
    expect(parseIncomingPost(create?.object)).toBeNull();
  });

  it('reads a reply to a member’s review: what it answers, its words without markup or pictures, where it is', () => {
    const create = parseIncomingActivity(payload('mastodon/create-reply.json'));
    // A reply is no rating or review of an album…
    expect(parseIncomingPost(create?.object)).toBeNull();
    // …but a comment on the review it answers.
    const reply = parseIncomingReply(create?.object);
    expect(reply).toMatchObject({
      uri: 'https://mastodon.example/users/juno/statuses/113920000000000002',
      authorUri: 'https://mastodon.example/users/juno',
      inReplyTo: 'https://hearsay.example/ap/reviews/rv1',
      url: 'https://mastodon.example/@juno/113920000000000002',
      published: '2026-11-30T19:02:11Z',
    });
    expect(reply!.contentHtml).not.toMatch(/img|onerror/);
    expect(remoteHtmlAsText(reply!.contentHtml)).toBe('@wren The second side is the one, yes & the closing track\nmost of all.');
    // A status that answers nothing is no reply.
    expect(parseIncomingReply(parseIncomingActivity(payload('mastodon/create-note.json'))?.object)).toBeNull();
  });

  it('reads a Flag: the account and posts it names, and the reason as plain words', () => {
    const json = payload('mastodon/flag.json');
    expect(parseIncomingActivity(json)).toMatchObject({ type: 'Flag', actor: 'https://mastodon.example/actor' });
    expect(parseIncomingFlag(json)).toEqual({
      objects: ['https://hearsay.example/ap/users/u1', 'https://hearsay.example/ap/reviews/rv1', 'https://hearsay.example/ap/ratings/r1'],
      reason: 'Posts the same advert under every album',
    });
    // One object alone, given as an address, is read as a list of one.
    expect(parseIncomingFlag({ ...json, object: 'https://hearsay.example/ap/users/u1' })?.objects).toEqual([
      'https://hearsay.example/ap/users/u1',
    ]);
    expect(parseIncomingFlag({ ...json, type: 'Like' })).toBeNull();
  });

  it('sends a Flag in the shape it reads: from the site, naming the account and the post', () => {
    const flag = presentFlag({
      id: 'https://hearsay.example/ap/users/site#flags/f1',
      actor: 'https://hearsay.example/ap/users/site',
      objects: ['https://mastodon.example/users/juno', 'https://mastodon.example/users/juno/statuses/1'],
      reason: 'spam',
    });
    expect(flag).toMatchObject({
      type: 'Flag',
      object: ['https://mastodon.example/users/juno', 'https://mastodon.example/users/juno/statuses/1'],
    });
    expect(parseIncomingFlag(flag)).toEqual({
      objects: ['https://mastodon.example/users/juno', 'https://mastodon.example/users/juno/statuses/1'],
      reason: 'spam',
    });
  });

  it('reads a Follow, a Like and an Undo of a Follow: who, what and of what', () => {
    const follow = parseIncomingActivity(payload('mastodon/follow.json'));
    expect(follow).toMatchObject({ type: 'Follow', actor: 'https://mastodon.example/users/juno' });
    expect(objectId(follow?.object)).toBe('https://hearsay.example/ap/users/u1');

    const like = parseIncomingActivity(payload('mastodon/like.json'));
    expect(like).toMatchObject({ type: 'Like', actor: 'https://mastodon.example/users/juno' });
    expect(objectId(like?.object)).toBe('https://hearsay.example/ap/ratings/r1');

    const undo = parseIncomingActivity(payload('mastodon/undo-follow.json'));
    expect(undo).toMatchObject({ type: 'Undo', actor: 'https://mastodon.example/users/juno' });
    expect(objectType(undo?.object)).toBe('Follow');
    expect(objectId(undo?.object)).toBe(follow?.id);
    expect(parseIncomingActivity(undo?.object)).toMatchObject({
      type: 'Follow',
      actor: 'https://mastodon.example/users/juno',
      object: 'https://hearsay.example/ap/users/u1',
    });
  });

  it('reads an Update of an actor (a changed profile): name, summary, avatar, page and whether they approve followers', () => {
    const actor = payload('mastodon/actor.json');
    // Mastodon's update_serializer: the actor itself, whole, as the object of an Update it sends.
    const update = parseIncomingActivity({
      '@context': actor['@context'],
      id: `${String(actor.id)}#updates/1702000000`,
      type: 'Update',
      actor: actor.id,
      to: ['https://www.w3.org/ns/activitystreams#Public'],
      object: actor,
    });
    expect(objectId(update?.object)).toBe('https://mastodon.example/users/juno');
    expect(parseIncomingActor(update?.object)).toEqual({
      uri: 'https://mastodon.example/users/juno',
      username: 'juno',
      name: 'Juno Reyes',
      summaryHtml: '<p>Listening to everything Warp ever put out.</p>',
      avatarUrl: 'https://files.mastodon.example/accounts/avatars/juno.png',
      url: 'https://mastodon.example/@juno',
      locked: false,
    });
    // A note is no actor.
    expect(parseIncomingActor(payload('mastodon/create-note.json').object)).toBeNull();
  });

  it('reads a Delete by its Tombstone: the status it removes', () => {
    const deletion = parseIncomingActivity(payload('mastodon/delete-tombstone.json'));
    expect(deletion).toMatchObject({ type: 'Delete', actor: 'https://mastodon.example/users/juno' });
    expect(objectType(deletion?.object)).toBe('Tombstone');
    expect(objectId(deletion?.object)).toBe('https://mastodon.example/users/juno/statuses/113500000000000001');
  });
});

describe('NeoDB', () => {
  it('keeps a rating of an album: its Rating out of 10 and the album named in `tag`, not the hashtag', () => {
    expect(parseIncomingPost(payload('neodb/note-rating-album.json'))).toEqual({
      uri: 'https://neodb.example/@ines@neodb.example/posts/391000000000000001/',
      authorUri: 'https://neodb.example/@ines@neodb.example/',
      album: { title: 'Kid A', artist: '', mbid: null, url: 'https://neodb.example/album/4Hq9sV2mYpX7cZ1tRb8wKd' },
      rating: 9,
      title: '',
      contentHtml: '',
      url: 'https://neodb.example/@ines/posts/391000000000000001/',
      published: '2026-11-28T19:40:02.118Z',
      updated: '2026-11-28T19:40:02.120Z',
    });
  });

  it('keeps a review (an Article) with its title and its HTML, not the Markdown NeoDB puts in `relatedWith`', () => {
    const review = parseIncomingPost(payload('neodb/article-review-album.json'));
    expect(review).toMatchObject({ album: { title: 'Kid A' }, rating: null, title: 'Static that sings' });
    expect(review?.contentHtml).toBe(
      '<p>It starts cold.</p>\n<p>By <em>How to Disappear Completely</em> it is the warmest thing they made.</p>',
    );
  });

  it('leaves out a rating of a book: an `Edition` is not an album', () => {
    expect(parseIncomingPost(payload('neodb/note-rating-book.json'))).toBeNull();
  });
});

describe('BookWyrm', () => {
  it('reads its user as an actor: no page of their own given, and followers approved by hand', () => {
    expect(parseIncomingActor(payload('bookwyrm/user.json'))).toMatchObject({
      uri: 'https://bookwyrm.example/user/wren',
      username: 'wren',
      name: 'Wren',
      avatarUrl: 'https://bookwyrm.example/images/avatars/wren-crop-50.png',
      url: null,
      locked: true,
    });
  });

  it('leaves out a book review and a book rating, though they are a Review and a Rating', () => {
    const review = payload('bookwyrm/review.json');
    expect(review).toMatchObject({ type: 'Review', rating: 4.5, inReplyToBook: 'https://bookwyrm.example/book/7' });
    expect(parseIncomingPost(review)).toBeNull();
    expect(parseIncomingPost(payload('bookwyrm/rating.json'))).toBeNull();
  });
});

describe('actors, read as the service reads them (Fedify’s vocabulary)', () => {
  const cases = [
    {
      file: 'mastodon/actor.json',
      id: 'https://mastodon.example/users/juno',
      username: 'juno',
      name: 'Juno Reyes',
      inbox: 'https://mastodon.example/users/juno/inbox',
      sharedInbox: 'https://mastodon.example/inbox',
      locked: false,
      icon: 'https://files.mastodon.example/accounts/avatars/juno.png',
    },
    {
      file: 'bookwyrm/user.json',
      id: 'https://bookwyrm.example/user/wren',
      username: 'wren',
      name: 'Wren',
      inbox: 'https://bookwyrm.example/user/wren/inbox',
      sharedInbox: 'https://bookwyrm.example/inbox',
      locked: true,
      icon: 'https://bookwyrm.example/images/avatars/wren-crop-50.png',
    },
  ];

  it.each(cases)('$file gives what keepActor keeps', async (expected) => {
    const actor = await Person.fromJsonLd(payload(expected.file), loaders);
    expect(actor.id?.href).toBe(expected.id);
    expect(actor.preferredUsername?.toString()).toBe(expected.username);
    expect(actor.name?.toString()).toBe(expected.name);
    expect(actor.inboxId?.href).toBe(expected.inbox);
    expect(actor.endpoints?.sharedInbox?.href).toBe(expected.sharedInbox);
    expect(actor.manuallyApprovesFollowers ?? false).toBe(expected.locked);
    const icon = await actor.getIcon(loaders);
    expect(icon?.url instanceof URL ? icon.url.href : icon?.url?.href?.href).toBe(expected.icon);
  });

  it('reads nothing from the network while doing so', async () => {
    await expect(offlineLoader('https://example.com/context.jsonld')).rejects.toThrow('not loaded offline');
  });
});

// What goes out.

const post = {
  id: 'https://hearsay.example/ap/ratings/r1',
  actorUri: 'https://hearsay.example/ap/users/u1',
  followersUri: 'https://hearsay.example/ap/users/u1/followers',
  audience: 'public' as const,
  album: {
    url: 'https://hearsay.example/album/kid-a',
    title: 'Kid A',
    artist: 'Radiohead',
    coverUrl: 'https://hearsay.example/covers/albums/1',
    mbid: 'b8048f8f-0ae4-3d5e-9a2b-6c2cbc4fb8b1',
  },
  rating: 9,
  published: '2026-12-06T10:00:00.000Z',
  updated: '2026-12-06T10:00:00.000Z',
};
const review = { title: 'Cold, then warm', contentHtml: '<p>It opens like a fridge &amp; ends like a fire.</p>' };

type Expanded = Record<string, unknown[] | string | undefined>;
const expand = async (document: unknown) =>
  (await jsonld.expand(document as never, { documentLoader: offlineLoader as never })) as Expanded[];
const value = (node: Expanded | undefined, term: string) => (node?.[`${AS}${term}`] as Record<string, unknown>[] | undefined)?.[0];

/** The content as Mastodon shows a note: its HTML alone, here as the text a reader sees, one line a paragraph. */
const readAsText = (html: string) =>
  html
    .replace(/<\/p>\s*/g, '\n')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .trim();

describe('outgoing notes against the ActivityStreams context', () => {
  it('expands a Create of a rating to ActivityStreams terms throughout', async () => {
    const [create] = await expand(presentPostActivity('Create', post, post.published));
    expect(create?.['@type']).toEqual([`${AS}Create`]);
    expect(value(create, 'actor')).toEqual({ '@id': post.actorUri });
    const note = value(create, 'object') as Expanded;
    expect(note['@id']).toBe(post.id);
    expect(note['@type']).toEqual([`${AS}Note`]);
    expect(value(note, 'attributedTo')).toEqual({ '@id': post.actorUri });
    expect(value(note, 'to')).toEqual({ '@id': `${AS}Public` });
    expect(value(note, 'cc')).toEqual({ '@id': post.followersUri });
    expect(value(note, 'content')).toHaveProperty('@value', expect.stringContaining('Kid A'));
    expect(value(note, 'mediaType')).toEqual({ '@value': 'text/html' });
    expect(value(note, 'url')).toEqual({ '@id': post.id });
    expect(value(note, 'published')).toEqual({
      '@type': 'http://www.w3.org/2001/XMLSchema#dateTime',
      '@value': post.published,
    });
    const cover = value(note, 'attachment') as Expanded;
    expect(cover['@type']).toEqual([`${AS}Image`]);
    expect(value(cover, 'url')).toEqual({ '@id': post.album.coverUrl });
    const tag = value(note, 'tag') as Expanded;
    expect(value(tag, 'name')).toEqual({ '@value': 'Kid A' });
    expect(value(tag, 'href')).toEqual({ '@id': post.album.url });
  });

  it('expands a review’s title as the ActivityStreams name, and a Delete with its Tombstone', async () => {
    const [update] = await expand(presentPostActivity('Update', { ...post, review }, post.updated));
    expect(update?.['@type']).toEqual([`${AS}Update`]);
    expect(value(value(update, 'object') as Expanded, 'name')).toEqual({ '@value': 'Cold, then warm' });

    const [deletion] = await expand(presentDeleteActivity(post, post.updated));
    expect(deletion?.['@type']).toEqual([`${AS}Delete`]);
    const tombstone = value(deletion, 'object') as Expanded;
    expect(tombstone).toEqual({ '@id': post.id, '@type': [`${AS}Tombstone`] });
  });
});

describe('outgoing notes as Mastodon shows them: the content alone', () => {
  const contentOf = (activity: Record<string, unknown>) => (activity.object as { content: string }).content;

  it('reads a rating as its stars, the album and the artist', () => {
    expect(readAsText(contentOf(presentPostActivity('Create', post, post.published)))).toBe('★★★★½ 9/10 · Kid A — Radiohead');
  });

  it('reads a review as its title first, then the rating line, then its words', () => {
    const text = readAsText(contentOf(presentPostActivity('Create', { ...post, rating: 7, review }, post.published)));
    expect(text.split('\n')).toEqual(['Cold, then warm', '★★★½ 7/10 · Kid A — Radiohead', 'It opens like a fridge & ends like a fire.']);
  });
});
