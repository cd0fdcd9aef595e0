/**
 * One simulated member of `npm run bench:load`: a browser's worth of HTTP connections (undici, kept alive) from an
 * address of their own on the loopback network, and the WebSocket the web app opens. They open the site once, then,
 * after each think time, do what `model.ts` draws: the requests of each action are the ones the web app makes for it,
 * recorded from a real browser (a page loaded whole is its server-rendered HTML; a move within the app is its route's
 * API calls). Only the public HTTP API and pages are used, so the simulator works whatever the server does inside.
 */
import { REALTIME_HEARTBEAT_MS, REALTIME_PATH } from '@hearsay/contracts/realtime-connection';
import { Pool } from 'undici';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { random } from '../harness.ts';
import { ALBUM_PAGE_LOADS, newSearch, pickAction, popularIndex, thinkTime, type Action } from './model.ts';

/** Where members send their requests: the server itself, or nginx in front of two (HTTPS, its certificate given). */
export interface Target {
  url: string;
  ca?: string;
}

export interface AlbumRef {
  id: string;
  slug: string;
}

/** What every member draws from: the catalog by popularity, the words to search, the searches already asked. */
export interface Shared {
  albums: readonly AlbumRef[];
  words: readonly string[];
  asked: Set<string>;
  thinkMs: number;
}

/** Every successful write, to be found in the database at the end (no lost writes). */
export interface Writes {
  /** `${userId} ${albumId}` → the rating last answered 200. */
  ratings: Map<string, number>;
  /** `${userId} ${reviewId}` liked. */
  likes: Set<string>;
  comments: Set<string>;
  reviews: Set<string>;
}

/** Where members report: every request by kind, every action (a page, as the member waits for it), every failure. */
export interface Recorder {
  request(kind: string, ms: number, status: number): void;
  action(name: string, ms: number): void;
  failure(kind: string, detail: string): void;
  /** A message pushed on a member's socket (a notification reaching them live). */
  pushed(): void;
}

interface SeenReview {
  id: string;
  liked: boolean;
  own: boolean;
}

const RECENT = 40;
const REVIEW_TEXT =
  '<p>I came back to this one after years and heard it anew: the arrangements leave room for every instrument, and the ' +
  'second side rewards a patient listener.</p><p>Not every song lands, but the best ones stay with me for days.</p>';

export class Member {
  private readonly pool: Pool;
  private socket: WebSocket | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private readonly next: () => number;
  private readonly seenAlbums: AlbumRef[] = [];
  private readonly seenReviews: SeenReview[] = [];
  /** The album opened last, and whether the member has reviewed it (null: not known). */
  private current: { album: AlbumRef; reviewed: boolean | null } | null = null;
  /** Resolves once the action under way (if any) has finished. */
  private busy: Promise<void> = Promise.resolve();

  readonly index: number;
  readonly userId: string;
  private readonly cookie: string;
  private readonly target: Target;
  private readonly shared: Shared;
  private readonly writes: Writes;
  private readonly recorder: Recorder;

  constructor(options: {
    index: number;
    userId: string;
    cookie: string;
    target: Target;
    shared: Shared;
    writes: Writes;
    recorder: Recorder;
  }) {
    ({
      index: this.index,
      userId: this.userId,
      cookie: this.cookie,
      target: this.target,
      shared: this.shared,
      writes: this.writes,
      recorder: this.recorder,
    } = options);
    const { index, target } = options;
    this.next = random(9_176 + index * 7_919);
    this.pool = new Pool(target.url, {
      // A browser opens up to six connections to a site over HTTP/1.1.
      connections: 6,
      localAddress: memberAddress(index),
      connect: target.ca ? { ca: target.ca } : undefined,
      // A browser keeps an idle connection for a minute or more; undici's own default (4 s) would reconnect every action.
      keepAliveTimeout: 60_000,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
  }

  /** Opens the site after `delayMs` (arrivals spread over a step's first seconds), then acts until stopped. */
  start(delayMs: number): void {
    this.running = true;
    this.timer = setTimeout(() => void this.run(() => this.openSite()), delayMs);
  }

  /** Stops acting, waits for the action under way, and closes the socket and connections. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.busy;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    await this.pool.close();
  }

  private async run(work: () => Promise<void>): Promise<void> {
    if (!this.running) return;
    this.busy = work().catch((error: unknown) => this.recorder.failure('simulator', String(error)));
    await this.busy;
    if (!this.running) return;
    this.timer = setTimeout(() => void this.run(() => this.act(pickAction(this.next()))), thinkTime(this.next(), this.shared.thinkMs));
  }

  // -------------------------------------------------------------------------------------------------------------
  // Actions: each is a page (or a click) the member waits for, timed from its first request to its last answer.

  private async act(action: Action): Promise<void> {
    switch (action) {
      case 'home':
        return this.page('home feed', () => this.home());
      case 'album':
        return this.next() < ALBUM_PAGE_LOADS
          ? this.page('album (page loaded)', () => this.albumPage())
          : this.page('album', () => this.album());
      case 'search':
        return this.page('search', () => this.search());
      case 'rate':
        return this.page('rate', () => this.rate());
      case 'like':
        return this.page('like', () => this.like());
      case 'comment':
        return this.page('comment', () => this.comment());
      case 'review':
        return this.page('review', () => this.review());
      case 'notifications':
        return this.page('notifications', () => this.notifications());
    }
  }

  private async page(name: string, work: () => Promise<unknown>): Promise<void> {
    const started = performance.now();
    await work();
    this.recorder.action(name, performance.now() - started);
  }

  /** The first visit: the home page rendered on the server, then the app's socket and its one call on start. */
  private async openSite(): Promise<void> {
    await this.page('home (page loaded)', async () => {
      await this.send('page: home', 'GET', '/');
      await this.send('GET /api/me/played-not-rated', 'GET', '/api/me/played-not-rated?limit=3');
    });
    this.openSocket();
  }

  private async home(): Promise<void> {
    const [feed, sidebar] = await Promise.all([
      this.call<{ items: FeedItem[] }>('GET /api/feed', 'GET', '/api/feed'),
      this.call<{ reviews?: { album: AlbumRef; review: { id: string } }[] }>('GET /api/feed/sidebar', 'GET', '/api/feed/sidebar'),
      this.send('GET /api/me/played-not-rated', 'GET', '/api/me/played-not-rated?limit=3'),
    ]);
    for (const item of feed?.items ?? []) {
      if (item.kind === 'ratings') for (const rating of item.ratings ?? []) this.see(rating.album);
      if (item.album) this.see(item.album);
      if (item.kind === 'review' && item.review) this.seeReview({ id: item.review.id, liked: false, own: false });
    }
    for (const entry of sidebar?.reviews ?? []) {
      this.see(entry.album);
      this.seeReview({ id: entry.review.id, liked: false, own: false });
    }
  }

  /** An album someone saw in their feed or a search (more often), or one of the catalog's, popular ones first. */
  private chooseAlbum(): AlbumRef {
    if (this.seenAlbums.length > 0 && this.next() < 0.6) return this.seenAlbums[Math.floor(this.next() * this.seenAlbums.length)]!;
    return this.shared.albums[popularIndex(this.next(), this.shared.albums.length)]!;
  }

  /** A link to an album followed from elsewhere: the page rendered on the server, with everything it shows. */
  private async albumPage(): Promise<void> {
    const album = this.chooseAlbum();
    await this.send('page: album', 'GET', `/album/${encodeURIComponent(album.slug)}`);
    this.current = { album, reviewed: null };
  }

  /** Moving to an album within the app: the route's loader asks for the album, then for what the page shows. */
  private async album(): Promise<void> {
    const chosen = this.chooseAlbum();
    const album = await this.call<AlbumRef>('GET /api/albums/:album', 'GET', `/api/albums/${encodeURIComponent(chosen.slug)}`);
    if (!album) return;
    const [reviews, mine] = await Promise.all([
      this.call<{ items: { id: string; likedByViewer: boolean; isOwner: boolean }[] }>(
        'GET /api/albums/:album/reviews',
        'GET',
        `/api/albums/${album.id}/reviews?sort=popular&page=1&limit=10`,
      ),
      this.call<{ review: unknown }>('GET /api/albums/:album/reviews/mine', 'GET', `/api/albums/${album.id}/reviews/mine`),
      this.send('GET /api/albums/:album/genres', 'GET', `/api/albums/${encodeURIComponent(album.slug)}/genres`),
      this.send('GET /api/albums/:album/remote-reviews', 'GET', `/api/albums/${album.id}/remote-reviews?page=1&limit=5`),
      this.send('GET /api/albums/:album/me', 'GET', `/api/albums/${encodeURIComponent(album.slug)}/me`),
      this.send('GET /api/albums/:album/circle', 'GET', `/api/albums/${album.id}/circle`),
    ]);
    for (const review of reviews?.items ?? []) this.seeReview({ id: review.id, liked: review.likedByViewer, own: review.isOwner });
    this.current = { album: { id: album.id, slug: album.slug }, reviewed: mine ? mine.review !== null : null };
  }

  /** Words typed into the search box (its suggestions), then the results page. */
  private async search(): Promise<void> {
    const query = newSearch(this.shared.words, this.shared.asked, this.next);
    const typed = query.slice(0, Math.max(3, Math.ceil(query.length * 0.7)));
    await this.send('GET /api/search/suggestions', 'GET', `/api/search/suggestions?q=${encodeURIComponent(typed)}`);
    const [results] = await Promise.all([
      this.call<{ albums?: AlbumRef[] }>(
        'GET /api/search',
        'GET',
        `/api/search?q=${encodeURIComponent(query)}&type=albums&sort=relevance&page=1&limit=24`,
      ),
      this.send('GET /api/search/years', 'GET', '/api/search/years'),
    ]);
    for (const album of (results?.albums ?? []).slice(0, 5)) this.see(album);
  }

  /** A rating of the album opened last (or of one seen), from 1 to 10 in half steps. */
  private async rate(): Promise<void> {
    const album = this.current?.album ?? this.chooseAlbum();
    const rating = 1 + Math.floor(this.next() * 19) / 2;
    const answer = await this.send('PUT /api/albums/:album/rating', 'PUT', `/api/albums/${album.id}/rating`, { rating });
    if (answer) this.writes.ratings.set(`${this.userId} ${album.id}`, rating);
  }

  private reviewToAnswer(): SeenReview | null {
    const candidates = this.seenReviews.filter((review) => !review.own);
    return candidates.length ? candidates[Math.floor(this.next() * candidates.length)]! : null;
  }

  /** A like of a review seen in the feed or on an album page (one not liked yet); the home feed when there is none. */
  private async like(): Promise<void> {
    const review =
      this.seenReviews.find((seen) => !seen.own && !seen.liked && this.next() < 0.5) ??
      this.seenReviews.find((seen) => !seen.own && !seen.liked);
    if (!review) return this.home();
    const answer = await this.send('PUT /api/reviews/:review/like', 'PUT', `/api/reviews/${review.id}/like`);
    if (answer) {
      review.liked = true;
      this.writes.likes.add(`${this.userId} ${review.id}`);
    }
  }

  private async comment(): Promise<void> {
    const review = this.reviewToAnswer();
    if (!review) return this.home();
    const body = `Agreed about the second side (${this.index}-${Math.floor(this.next() * 1e9)}).`;
    const answer = await this.call<{ id: string }>('POST /api/reviews/:review/comments', 'POST', `/api/reviews/${review.id}/comments`, {
      body,
    });
    if (answer) this.writes.comments.add(answer.id);
  }

  /** A review of the album opened last, when the member has not reviewed it; a rating otherwise. */
  private async review(): Promise<void> {
    const current = this.current;
    if (!current) return this.rate();
    if (current.reviewed === null) {
      const mine = await this.call<{ review: unknown }>(
        'GET /api/albums/:album/reviews/mine',
        'GET',
        `/api/albums/${current.album.id}/reviews/mine`,
      );
      current.reviewed = mine ? mine.review !== null : true;
    }
    if (current.reviewed) return this.rate();
    const rating = 1 + Math.floor(this.next() * 19) / 2;
    const answer = await this.call<{ id: string }>('POST /api/albums/:album/reviews', 'POST', `/api/albums/${current.album.id}/reviews`, {
      rating,
      title: 'Heard anew',
      content: REVIEW_TEXT,
    });
    if (answer) {
      current.reviewed = true;
      this.writes.reviews.add(answer.id);
      // Publishing a review sets the author's rating too.
      this.writes.ratings.set(`${this.userId} ${current.album.id}`, rating);
    }
  }

  /** The notifications page, which marks what it showed as read. */
  private async notifications(): Promise<void> {
    const page = await this.call<{ items: { unread: boolean; latestAt: string }[] }>('GET /api/notifications', 'GET', '/api/notifications');
    const newest = page?.items[0];
    if (page?.items.some((item) => item.unread) && newest)
      await this.send('POST /api/notifications/read', 'POST', '/api/notifications/read', { upTo: newest.latestAt });
  }

  // -------------------------------------------------------------------------------------------------------------

  private see(album: AlbumRef): void {
    this.seenAlbums.push({ id: album.id, slug: album.slug });
    if (this.seenAlbums.length > RECENT) this.seenAlbums.shift();
  }

  private seeReview(review: SeenReview): void {
    const known = this.seenReviews.find((seen) => seen.id === review.id);
    if (known) {
      known.liked ||= review.liked;
      return;
    }
    this.seenReviews.push(review);
    if (this.seenReviews.length > RECENT) this.seenReviews.shift();
  }

  /** One request whose answer the member reads: its JSON, or null when it failed. */
  private async call<T>(kind: string, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<T | null> {
    const answer = await this.request(kind, method, path, body, true);
    return answer === null ? null : (JSON.parse(answer) as T);
  }

  /** One request whose answer only has to arrive (a page, or what the app shows without the simulator reading it). */
  private async send(kind: string, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<boolean> {
    return (await this.request(kind, method, path, body, false)) !== null;
  }

  /**
   * A request as the web app sends it (the site's Origin, the session cookie, compression accepted as a browser does);
   * the answer's text when `read` (else empty), or null when it failed. Answers the simulator does not read are not
   * decompressed: the server's work is the same, the generator's less.
   */
  private async request(kind: string, method: 'GET' | 'PUT' | 'POST', path: string, body: unknown, read: boolean): Promise<string | null> {
    const started = performance.now();
    try {
      const response = await this.pool.request({
        method,
        path,
        headers: {
          cookie: this.cookie,
          origin: this.target.url,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'accept-encoding': 'br, gzip',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const bytes = Buffer.from(await response.body.arrayBuffer());
      this.recorder.request(kind, performance.now() - started, response.statusCode);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      if (ok && !read) return '';
      const encoding = response.headers['content-encoding'];
      const text = (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString();
      if (ok) return text;
      this.recorder.failure(kind, `${response.statusCode} ${text.slice(0, 200)}`);
      return null;
    } catch (error) {
      this.recorder.request(kind, performance.now() - started, 0);
      this.recorder.failure(kind, error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  /** The socket the web app keeps open for live notifications, pinged as a browser pings it. */
  private openSocket(): void {
    if (!this.running) return;
    const started = performance.now();
    const socket = new WebSocket(`${this.target.url.replace(/^http/, 'ws')}${REALTIME_PATH}`, {
      headers: { cookie: this.cookie, origin: this.target.url },
      localAddress: memberAddress(this.index),
      ca: this.target.ca,
    });
    this.socket = socket;
    socket.on('open', () => {
      this.recorder.request('WebSocket /realtime', performance.now() - started, 101);
      this.heartbeat = setInterval(() => socket.send('ping'), REALTIME_HEARTBEAT_MS);
    });
    socket.on('unexpected-response', (_request, response) => {
      this.recorder.request('WebSocket /realtime', performance.now() - started, response.statusCode ?? 0);
      this.recorder.failure('WebSocket /realtime', `refused: ${response.statusCode}`);
      socket.terminate();
    });
    socket.on('message', (data) => {
      if (String(data) !== 'pong') this.recorder.pushed();
    });
    socket.on('error', (error) => this.recorder.failure('WebSocket /realtime', error.message));
    socket.on('close', (code) => {
      if (this.heartbeat) clearInterval(this.heartbeat);
      // Closed by the server while the member is still on the site: lost, as the browser would show it.
      if (this.socket === socket && this.running) this.recorder.failure('WebSocket /realtime', `closed by the server (${code})`);
    });
  }
}

interface FeedItem {
  kind: string;
  album?: AlbumRef | null;
  ratings?: { album: AlbumRef }[];
  review?: { id: string };
}

/**
 * Each member's own client address on the loopback network (all of 127.0.0.0/8 reaches this machine): the server
 * limits sockets per address as it would for people on their own connections, and nginx passes the address on.
 */
export function memberAddress(index: number): string {
  return `127.${1 + Math.floor(index / 65_025)}.${Math.floor(index / 255) % 255}.${(index % 255) + 1}`;
}
