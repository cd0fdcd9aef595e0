import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildAlbum, seedRatings } from '../../../test/factories.ts';
import { createUser, deleteAccount, type TestUser } from '../../../test/users.ts';
import { XSS_PAYLOADS } from '../../../test/xss-payloads.ts';
import { PACE_PER_HOUR } from '../../platform/http/pace.ts';

let t: TestApp;
let author: TestUser;
let reader: TestUser;
let albumId: string;

const LONG = 'A record that rewards patience: every listen turns up another small detail worth hearing.';

beforeAll(async () => {
  t = await createTestApp();
  albumId = await buildAlbum(t.db, { title: 'Reviewed Album' });
  [author, reader] = await Promise.all([createUser(t), createUser(t)]);
});
afterAll(() => t.close());

const publish = (person: TestUser, payload: unknown, album = albumId) =>
  t.inject({ method: 'POST', url: `/api/albums/${album}/reviews`, payload: payload as object, headers: { cookie: person.cookie } });
const get = (url: string, person?: TestUser) => t.inject({ method: 'GET', url, headers: person ? { cookie: person.cookie } : {} });
const send = (method: 'PUT' | 'DELETE' | 'POST', url: string, person: TestUser, payload?: object) =>
  t.inject({ method, url, payload, headers: { cookie: person.cookie } });

describe('publishing a review', () => {
  it('refuses bad input with a clear message and stores nothing', async () => {
    const album = await buildAlbum(t.db);
    const cases: [unknown, string][] = [
      [{ rating: 8, title: 'x'.repeat(101), content: `<p>${LONG}</p>` }, 'Review title must be at most 100 characters'],
      [{ rating: 8, title: 'Short', content: '<p>Too short to say anything.</p>' }, 'at least 50 characters'],
      [{ rating: 8, content: `<p><strong>${' '.repeat(60)}</strong></p>` }, 'at least 50 characters'],
      [{ rating: 0.5, content: `<p>${LONG}</p>` }, 'Rating must be at least 1'],
      [{ rating: 10.5, content: `<p>${LONG}</p>` }, 'Rating must be at most 10'],
      [{ rating: 7.3, content: `<p>${LONG}</p>` }, 'Rating must be in steps of 0.5'],
      [{ rating: '8', content: `<p>${LONG}</p>` }, 'Rating must be a number from 1 to 10'],
      [{ content: `<p>${LONG}</p>` }, 'Rating must be a number from 1 to 10'],
      [{ rating: 8 }, 'Review text is required'],
    ];
    for (const [payload, message] of cases) {
      const response = await publish(author, payload, album);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect((await get(`/api/albums/${album}/reviews`)).json().total).toBe(0);
    expect((await publish(author, { rating: 8, content: `<p>${LONG}</p>` }, 'no-such-album')).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: `/api/albums/${album}/reviews`, payload: { rating: 8, content: LONG } })).statusCode,
    ).toBe(401);
  });

  it('publishes with formatting, sets the rating, and keeps the counts exact; one review per album', async () => {
    const album = await buildAlbum(t.db);
    const response = await publish(
      author,
      {
        rating: 8.5,
        title: '  Slow burner  ',
        content: `<h2>Verdict</h2><p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u>.</p><ul><li>${LONG}</li></ul>`,
      },
      album,
    );
    expect(response.statusCode, response.body).toBe(201);
    const review = response.json();
    expect(review).toMatchObject({ rating: 8.5, title: 'Slow burner', likeCount: 0, commentCount: 0, isOwner: true, editedAt: null });
    expect(review.contentHtml).toBe(
      `<h2>Verdict</h2><p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u>.</p><ul><li>${LONG}</li></ul>`,
    );
    expect(review.author.username).toBe(author.user.username);

    const albumNow = (await get(`/api/albums/${album}`)).json();
    expect(albumNow).toMatchObject({ reviewCount: 1, ratingCount: 1, averageRating: 8.5 });
    expect((await get(`/api/albums/${album}/me`, author)).json().rating).toBe(8.5);

    expect((await get(`/api/albums/${album}/reviews/mine`, author)).json().review.id).toBe(review.id);
    expect((await get(`/api/albums/${album}/reviews/mine`, reader)).json()).toEqual({ review: null, draft: null });
    const again = await publish(author, { rating: 6, content: `<p>${LONG}</p>` }, album);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already reviewed this album. Edit your review instead.');
    const profile = await t.db
      .selectFrom('profile')
      .select('reviews_count')
      .where('user_id', '=', author.user.id)
      .executeTakeFirstOrThrow();
    expect(profile.reviews_count).toBeGreaterThanOrEqual(1);
  });
});

describe('a draft saved from the review form', () => {
  it('is kept sanitised, replaces the one before, shows only to its writer and becomes the review when published', async () => {
    const album = await buildAlbum(t.db);
    const draft = (payload: object) => send('PUT', `/api/albums/${album}/reviews/draft`, reader, payload);
    expect((await draft({ title: 'First go', content: '<p>Half a thought</p>' })).statusCode).toBe(200);
    const saved = await draft({ title: '  Second go ', content: '<p>A whole <b>thought</b><script>alert(1)</script></p>' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Second go', contentHtml: '<p>A whole <b>thought</b></p>' });
    expect((await get(`/api/albums/${album}/reviews/mine`, reader)).json().draft).toEqual(saved.json());
    expect((await get(`/api/albums/${album}/reviews/mine`, author)).json().draft).toBeNull();

    const empty = await draft({ content: '<p>   </p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'review_draft_empty', message: 'Write something before saving a draft.' });
    expect((await send('PUT', '/api/albums/no-such-album/reviews/draft', reader, { content: '<p>x</p>' })).statusCode).toBe(404);

    expect((await publish(reader, { rating: 7, content: LONG }, album)).statusCode).toBe(201);
    expect((await get(`/api/albums/${album}/reviews/mine`, reader)).json().draft).toBeNull();
  });
});

describe('the rating a review shows', () => {
  it('follows the author’s stars on the album, and keeps the last one if they remove it', async () => {
    const author = await createUser(t);
    const album = await buildAlbum(t.db, { title: 'Rated Again Later' });
    const review = (await publish(author, { rating: 6, content: `<p>${LONG}</p>` }, album)).json();
    const shown = async () => (await t.inject({ url: `/api/reviews/${review.id}` })).json().rating;
    expect(await shown()).toBe(6);
    await t.inject({ method: 'PUT', url: `/api/albums/${album}/rating`, payload: { rating: 9.5 }, headers: { cookie: author.cookie } });
    expect(await shown()).toBe(9.5);
    const listed = (await t.inject({ url: `/api/albums/${album}/reviews` })).json();
    expect(listed.items[0].rating).toBe(9.5);
    await t.inject({ method: 'DELETE', url: `/api/albums/${album}/rating`, headers: { cookie: author.cookie } });
    expect(await shown()).toBe(6);
  });
});

describe('editing and deleting', () => {
  it('keeps earlier versions with an edited marker; only the author may edit or delete', async () => {
    const album = await buildAlbum(t.db);
    const review = (await publish(author, { rating: 7, title: 'First take', content: `<p>${LONG}</p>` }, album)).json();

    expect((await send('PUT', `/api/reviews/${review.id}`, reader, { rating: 1, content: `<p>${LONG} hijacked</p>` })).statusCode).toBe(
      403,
    );
    expect((await send('DELETE', `/api/reviews/${review.id}`, reader)).statusCode).toBe(403);

    const edited = await send('PUT', `/api/reviews/${review.id}`, author, {
      rating: 9,
      title: 'Second take',
      content: `<p>${LONG} It grew on me.</p>`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Second take', rating: 9 });
    expect(edited.json().editedAt).not.toBeNull();
    const history = (await get(`/api/reviews/${review.id}/revisions`)).json().revisions;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ title: 'First take', rating: 7, contentHtml: `<p>${LONG}</p>` });
    expect((await get(`/api/albums/${album}`)).json().averageRating).toBe(9);

    const profileBefore = await t.db
      .selectFrom('profile')
      .select('reviews_count')
      .where('user_id', '=', author.user.id)
      .executeTakeFirstOrThrow();
    expect((await send('DELETE', `/api/reviews/${review.id}`, author)).statusCode).toBe(200);
    expect((await get(`/api/reviews/${review.id}`)).statusCode).toBe(404);
    expect((await get(`/api/albums/${album}`)).json().reviewCount).toBe(0);
    const profileAfter = await t.db
      .selectFrom('profile')
      .select('reviews_count')
      .where('user_id', '=', author.user.id)
      .executeTakeFirstOrThrow();
    expect(profileAfter.reviews_count).toBe(profileBefore.reviews_count - 1);
  });
});

describe('the reviews of an album', () => {
  it('sorts by most liked or newest, pages, and tells a reader what they liked', async () => {
    const album = await buildAlbum(t.db);
    const people = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    const ids: string[] = [];
    for (const person of people) ids.push((await publish(person, { rating: 7, content: `<p>${LONG}</p>` }, album)).json().id);
    await send('PUT', `/api/reviews/${ids[0]}/like`, reader);
    await send('PUT', `/api/reviews/${ids[0]}/like`, author);
    await send('PUT', `/api/reviews/${ids[1]}/like`, reader);

    const popular = (await get(`/api/albums/${album}/reviews?sort=popular`, reader)).json();
    expect(popular.items.map((review: { id: string }) => review.id)).toEqual([ids[0], ids[1], ids[2]]);
    expect(popular.items[0]).toMatchObject({ likeCount: 2, likedByViewer: true });
    const recent = (await get(`/api/albums/${album}/reviews?sort=recent&limit=2`)).json();
    expect(recent).toMatchObject({ total: 3, totalPages: 2 });
    expect(recent.items.map((review: { id: string }) => review.id)).toEqual([ids[2], ids[1]]);
    expect((await get(`/api/albums/${album}/reviews?sort=best`)).statusCode).toBe(400);

    const liked = (await get('/api/me/liked-reviews', reader)).json();
    expect(liked.items.map((review: { id: string }) => review.id)).toEqual([ids[1], ids[0]]);
  });

  it('keeps like counts exact under 20 people liking at once, and likes are idempotent', async () => {
    const album = await buildAlbum(t.db);
    const review = (await publish(author, { rating: 8, content: `<p>${LONG}</p>` }, album)).json();
    const fans = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    await Promise.all(fans.map((fan) => send('PUT', `/api/reviews/${review.id}/like`, fan)));
    await Promise.all(fans.slice(0, 5).map((fan) => send('PUT', `/api/reviews/${review.id}/like`, fan)));
    expect((await get(`/api/reviews/${review.id}`)).json().likeCount).toBe(20);
    await Promise.all(fans.slice(0, 8).map((fan) => send('DELETE', `/api/reviews/${review.id}/like`, fan)));
    const after = await send('DELETE', `/api/reviews/${review.id}/like`, fans[0]!);
    expect(after.json()).toEqual({ liked: false, likeCount: 12 });
  });
});

describe('comments', () => {
  it('links @mentions of real people only, counts exactly, and only the author edits or deletes', async () => {
    const album = await buildAlbum(t.db);
    const review = (await publish(author, { rating: 8, content: `<p>${LONG}</p>` }, album)).json();
    const posted = await send('POST', `/api/reviews/${review.id}/comments`, reader, {
      body: `Agree with @${author.user.username}, but @nobody_here_at_all and email@${author.user.username}.test are not mentions. <b>plain</b>`,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const comment = posted.json();
    expect(comment.mentions).toEqual([author.user.username]);
    expect(comment.body).toContain('<b>plain</b>'); // stored as plain text; the page shows it as text

    expect((await send('POST', `/api/reviews/${review.id}/comments`, reader, { body: '   ' })).json().error.message).toContain(
      'Please write a comment',
    );
    expect((await send('POST', `/api/reviews/${review.id}/comments`, reader, { body: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await send('PUT', `/api/comments/${comment.id}`, author, { body: 'not mine' })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/comments/${comment.id}`, author)).statusCode).toBe(403);

    const edited = await send('PUT', `/api/comments/${comment.id}`, reader, { body: 'Changed my mind.' });
    expect(edited.json()).toMatchObject({ body: 'Changed my mind.', mentions: [] });
    expect(edited.json().editedAt).not.toBeNull();
    await send('POST', `/api/reviews/${review.id}/comments`, author, { body: 'Thanks!' });
    const page = (await get(`/api/reviews/${review.id}/comments?limit=1&page=2`)).json();
    expect(page).toMatchObject({ total: 2, totalPages: 2 });
    expect(page.items[0].body).toBe('Thanks!');
    expect((await get(`/api/reviews/${review.id}`)).json().commentCount).toBe(2);
    await send('DELETE', `/api/comments/${comment.id}`, reader);
    expect((await get(`/api/reviews/${review.id}`)).json().commentCount).toBe(1);
  });
});

describe('replies', () => {
  it('list each reply under the comment that began its thread; a reply to a reply joins it; a deleted start leaves the replies', async () => {
    const album = await buildAlbum(t.db);
    const review = (await publish(author, { rating: 8, content: `<p>${LONG}</p>` }, album)).json();
    const comments = `/api/reviews/${review.id}/comments`;
    const comment = async (person: TestUser, body: string, replyTo?: string) => {
      const response = await send('POST', comments, person, { body, replyTo });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string; parentId: string | null };
    };
    const first = await comment(reader, 'First thought');
    const second = await comment(author, 'Second thought');
    const reply = await comment(author, 'Answering the first', first.id);
    expect(reply.parentId).toBe(first.id);
    const deeper = await comment(reader, 'Answering the answer', reply.id);
    expect(deeper.parentId).toBe(first.id);
    const listed = async (person?: TestUser) =>
      ((await get(comments, person)).json().items as { body: string; parentId: string | null }[]).map((item) => [item.body, item.parentId]);
    expect(await listed()).toEqual([
      ['First thought', null],
      ['Answering the first', first.id],
      ['Answering the answer', first.id],
      ['Second thought', null],
    ]);
    expect((await get(`/api/reviews/${review.id}`)).json().commentCount).toBe(4);

    // Only a comment of this review that the replier can see is answered.
    const other = (await publish(reader, { rating: 6, content: `<p>${LONG}</p>` }, await buildAlbum(t.db))).json();
    const elsewhere = (await send('POST', `/api/reviews/${other.id}/comments`, author, { body: 'Elsewhere' })).json();
    for (const replyTo of [elsewhere.id, 'no-such-comment']) {
      const refused = await send('POST', comments, reader, { body: 'Hello', replyTo });
      expect(refused.statusCode, replyTo).toBe(404);
      expect(refused.json().error.message).toBe('The comment you are replying to does not exist or was deleted.');
    }
    expect((await send('POST', comments, reader, { body: 'Hello', replyTo: '' })).statusCode).toBe(400);

    // Its first comment deleted, the thread's replies stay, each a comment of its own in the order they came.
    await send('DELETE', `/api/comments/${first.id}`, reader);
    expect(await listed()).toEqual([
      ['Second thought', null],
      ['Answering the first', null],
      ['Answering the answer', null],
    ]);
    expect(second.parentId).toBeNull();
  });
});

describe('sanitising review HTML', () => {
  it(`renders a corpus of ${XSS_PAYLOADS.length} script-injection payloads inert`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
    const writers = await Promise.all(XSS_PAYLOADS.map(() => createUser(t)));
    const album = await buildAlbum(t.db);
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      const response = await publish(
        writers[index]!,
        { rating: 5, title: payload.slice(0, 100), content: `<p>${LONG}</p>${payload}` },
        album,
      );
      expect(response.statusCode, payload).toBe(201);
      const html: string = response.json().contentHtml;
      expect(html, payload).not.toMatch(
        /<(script|iframe|object|embed|form|input|style|meta|base|link|svg|math|template|video|source|details|marquee|body)\b/i,
      );
      expect(html, payload).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, payload).not.toMatch(/(javascript|vbscript|data:text|data:image\/svg)/i);
      expect(html, payload).not.toMatch(/style=|srcdoc=|href="\/\//i);
      for (const match of html.matchAll(/<a\b[^>]*>/g)) expect(match[0], payload).toContain('rel="nofollow ugc noopener"');
    }
  });

  it('keeps what the editor makes and safe links', async () => {
    const album = await buildAlbum(t.db);
    const html = `<p>${LONG} <a href="https://example.org/review">read more</a>, <a href="mailto:me@example.org">mail</a>, <a href="tel:+441234">call</a></p>`;
    const review = (await publish(reader, { rating: 6, content: html }, album)).json();
    expect(review.contentHtml).toContain('<a href="https://example.org/review" rel="nofollow ugc noopener">read more</a>');
    expect(review.contentHtml).toContain('href="mailto:me@example.org"');
    expect(review.contentHtml).toContain('href="tel:+441234"');
  });

  it('shows pictures from other sites only through the signed image proxy, wherever the review appears', async () => {
    const album = await buildAlbum(t.db);
    const writer = await createUser(t);
    const dot = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const remote: [string, string][] = [
      ['https://tracker.example/pixel.png?reader=1&n=2', 'https://tracker.example/pixel.png?reader=1&n=2'],
      ['HTTP://Tracker.Example/a.gif', 'http://tracker.example/a.gif'],
      ['http:\\\\tracker.example\\b.png', 'http://tracker.example/b.png'],
      ['https:tracker.example/c.png', 'https://tracker.example/c.png'],
    ];
    const pictures = [...remote.map(([src]) => `<img src="${src}" alt="remote">`), `<img src="${dot}" alt="dot">`].join('');
    const review = (await publish(writer, { rating: 7, content: `<p>${LONG}</p><p>${pictures}</p>` }, album)).json();
    const sources = (html: string) => [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    const expectProxied = (html: string) => {
      const shown = sources(html);
      expect(shown, html).toHaveLength(remote.length + 1);
      for (const [index, [, href]] of remote.entries()) {
        expect(shown[index]).toMatch(/^\/api\/image-proxy\?url=[^&]+&sig=[\w-]{43}$/);
        expect(new URL(shown[index]!, 'http://localhost').searchParams.get('url')).toBe(href);
      }
      expect(shown[remote.length]).toBe(dot);
    };

    expectProxied(review.contentHtml);
    expectProxied((await get(`/api/reviews/${review.id}`)).json().contentHtml);
    expectProxied((await get(`/api/albums/${album}/reviews`)).json().items[0].contentHtml);
    // Stored HTML keeps the addresses as written, so a new secret or REVIEW_IMAGES=off applies to every review at once.
    const stored = await t.db.selectFrom('review').select('content_html').where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(stored.content_html).toContain('src="https://tracker.example/pixel.png?reader=1&amp;n=2"');

    // Sending back what was shown (as an API client editing the review does) neither proxies the proxy's addresses nor
    // keeps their signatures: these stand for ones made with an earlier AUTH_SECRET.
    const stale = review.contentHtml.replace(/sig=[\w-]{43}/g, `sig=${'A'.repeat(43)}`);
    const resent = await send('PUT', `/api/reviews/${review.id}`, writer, { rating: 7, content: stale });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().contentHtml).toBe(review.contentHtml);
    expectProxied((await get(`/api/reviews/${review.id}/revisions`)).json().revisions[0].contentHtml);
  });
});

describe('where reviews show up', () => {
  it('quotes well-liked reviews on the landing page and lists your own reviews', async () => {
    const album = await buildAlbum(t.db, { title: 'Quoted Album' });
    const writer = await createUser(t, { name: 'Quoted Writer' });
    const review = (await publish(writer, { rating: 9.5, title: 'Essential', content: `<p>${LONG} ${LONG}</p>` }, album)).json();
    for (const fan of await Promise.all(Array.from({ length: 30 }, () => createUser(t))))
      await send('PUT', `/api/reviews/${review.id}/like`, fan);
    const landing = (await get('/api/site/landing')).json();
    expect(landing.testimonials[0]).toMatchObject({
      reviewId: review.id,
      authorName: 'Quoted Writer',
      albumTitle: 'Quoted Album',
      rating: 9.5,
    });
    expect((await get('/api/me/reviews', writer)).json().items[0].id).toBe(review.id);
  });

  it('counts a review of an album rated weeks ago as activity for trending', async () => {
    const fresh = await createTestApp();
    try {
      const monthAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);
      const reviewed = await buildAlbum(fresh.db, { title: 'Revisited' });
      const popular = await buildAlbum(fresh.db, { title: 'Popular All Along' });
      await seedRatings(fresh.db, popular, [8, 8, 9, 9, 10], monthAgo);
      const writer = await createUser(fresh);
      const rated = await fresh.inject({
        method: 'PUT',
        url: `/api/albums/${reviewed}/rating`,
        payload: { rating: 7 },
        headers: { cookie: writer.cookie },
      });
      expect(rated.statusCode, rated.body).toBe(200);
      await fresh.db.updateTable('rating').set({ created_at: monthAgo.toISOString() }).where('album_id', '=', reviewed).execute();
      const reviewedNow = await fresh.inject({
        method: 'POST',
        url: `/api/albums/${reviewed}/reviews`,
        payload: { rating: 7, content: `<p>${LONG}</p>` },
        headers: { cookie: writer.cookie },
      });
      expect(reviewedNow.statusCode).toBe(201);
      const trending = (await fresh.inject({ method: 'GET', url: '/api/discover?tab=trending' })).json();
      expect(trending.items.map((album: { id: string }) => album.id).slice(0, 2)).toEqual([reviewed, popular]);
    } finally {
      await fresh.close();
    }
  });

  it('takes a deleted account out of review, like and comment counts', async () => {
    const album = await buildAlbum(t.db);
    const leaving = await createUser(t);
    const review = (await publish(author, { rating: 8, content: `<p>${LONG}</p>` }, album)).json();
    await send('PUT', `/api/reviews/${review.id}/like`, leaving);
    await send('POST', `/api/reviews/${review.id}/comments`, leaving, { body: 'Bye!' });
    await publish(leaving, { rating: 3, content: `<p>${LONG}</p>` }, album);
    expect((await get(`/api/albums/${album}`)).json().reviewCount).toBe(2);
    const deleted = await deleteAccount(t, leaving);
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/api/reviews/${review.id}`)).json()).toMatchObject({ likeCount: 0, commentCount: 0 });
    expect((await get(`/api/albums/${album}`)).json()).toMatchObject({ reviewCount: 1, ratingCount: 1, averageRating: 8 });
  });
});

describe('the pace of reviewing', () => {
  it(`stops a person after ${PACE_PER_HOUR.review} new reviews in an hour, and never paces reading them`, async () => {
    const prolific = await createUser(t);
    const albums: string[] = [];
    for (let i = 0; i < PACE_PER_HOUR.review; i++) albums.push(await buildAlbum(t.db));
    for (const album of albums) expect((await publish(prolific, { rating: 7, content: `<p>${LONG}</p>` }, album)).statusCode).toBe(201);

    const oneTooMany = await buildAlbum(t.db);
    expect((await publish(prolific, { rating: 7, content: `<p>${LONG}</p>` }, oneTooMany)).statusCode).toBe(429);
    expect((await get(`/api/albums/${oneTooMany}/reviews/mine`, prolific)).json().review).toBeNull();
    for (const album of [...albums, oneTooMany]) expect((await get(`/api/albums/${album}/reviews`, prolific)).statusCode).toBe(200);
  });
});
