import type { FeedItem, FeedPage } from '@hearsay/contracts/feed';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import type { manualClock } from './clock.ts';
import type { TestUser } from './users.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Does something as a member a second after the last thing (on the test's clock), and waits until it has reached
 * followers' home timelines, which jobs write (decision 087): the feed can be read at once after.
 */
export async function actSettled(
  app: TestApp,
  clock: ReturnType<typeof manualClock>,
  user: TestUser | null,
  method: Method,
  url: string,
  payload?: object,
) {
  clock.advance(1000);
  const response = await app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  await app.app.timelinesSettled();
  return response;
}

/** One page of a member's home feed. */
export async function feedPage(app: TestApp, who: TestUser, cursor?: string): Promise<FeedPage> {
  const response = await app.inject({ url: `/api/feed${cursor ? `?cursor=${cursor}` : ''}`, headers: { cookie: who.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FeedPage>();
}

/** Every page of a member's home feed, following the cursors to the end. */
export async function wholeFeed(app: TestApp, who: TestUser): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = await feedPage(app, who, cursor);
    items.push(...page.items);
    if (!page.nextCursor) return items;
    cursor = page.nextCursor;
  }
  throw new Error('the feed never ended');
}

/** A short description of a feed item, to compare whole feeds at a glance. */
export function describeFeedItem(item: FeedItem): string {
  switch (item.kind) {
    case 'ratings':
      return `${item.actor.name} rated ${item.ratings.map((entry) => `${entry.album.title}=${entry.rating}`).join(', ')}`;
    case 'review':
      return `${item.actor.name} reviewed ${item.album.title}: ${item.review.title}`;
    case 'collection':
      return item.album
        ? `${item.actor.name} added ${item.album.title} to ${item.collection.title}`
        : `${item.actor.name} made ${item.collection.title}`;
    case 'follow':
      return `${item.actor.name} followed ${item.person.name}`;
    case 'listen':
      return `${item.actor.name} listened to ${item.album.title}`;
    case 'remote':
      return `${item.post.person.handle} rated ${item.post.albumTitle}=${item.post.rating}`;
  }
}
