import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdRange } from '../../platform/db/id-ranges.ts';
import { notFound } from '../../platform/errors.ts';
import { escapeMarkup } from '../../platform/text.ts';

/** A page for a sitemap: its path (escaped for a URL) and when it last changed (ISO 8601). */
export interface SitemapEntry {
  path: string;
  updatedAt?: string;
}

/** The pages of one kind whose record ids are in the range (at most its limit of each sort of record). */
export type SitemapShare = (range: IdRange) => Promise<SitemapEntry[]>;

/**
 * A sitemap lists at most this many addresses (the protocol's limit). Random ids keep a share far under it; a share
 * holding more (ids written some other way) lists its first ones rather than being refused, and is never a long read.
 */
export const SITEMAP_URLS_MAX = 50_000;

export interface SitemapOptions {
  publicUrl: string;
  /**
   * Each kind's shares, by name (`/sitemaps/<name>-<share>.xml`): `catalog` the albums and artists, `community` the
   * reviews and public lists a visitor may read.
   */
  shares: Record<string, SitemapShare>;
}

/** The public pages that are not a record of their own. */
const SITE_PAGES = ['/', '/trending', '/explore', '/lists', '/about/catalog', '/terms', '/privacy'];

/**
 * Record ids are random base32 (`platform/ids.ts`), so their first two characters split the catalog into 1,024 shares
 * of about equal size: at 1,000,000 albums about a thousand pages each, far under a sitemap's 50,000, and each read
 * as one range of the primary key. The first share starts at the beginning of every string and the last has no end,
 * so ids written another way (imported ones) fall in some share too.
 */
const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const SHARE_STARTS = [...ID_ALPHABET].flatMap((first) => [...ID_ALPHABET].map((second) => `${first}${second}`));

/** Share `index`'s ids, and at most a sitemap's worth of them. */
export function shareRange(index: number): IdRange {
  return { from: index === 0 ? '' : SHARE_STARTS[index]!, to: SHARE_STARTS[index + 1] ?? null, limit: SITEMAP_URLS_MAX };
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * `/sitemap.xml` (a sitemap index) and the sitemaps it lists, so search engines find every album, artist, review and
 * public list rather than only those linked from somewhere they have been. Reading a share is one indexed range:
 * nothing long on the request path. Crawlers learn of it from `/robots.txt`.
 */
export const sitemapRoutes: FastifyPluginAsyncZod<SitemapOptions> = async (app, options) => {
  const url = (path: string) => escapeMarkup(`${options.publicUrl}${path}`);
  const send = (reply: FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);

  const index =
    XML_HEAD +
    `<sitemapindex xmlns="${NAMESPACE}">\n` +
    ['/sitemaps/pages.xml', ...Object.keys(options.shares).flatMap((name) => SHARE_STARTS.map((start) => `/sitemaps/${name}-${start}.xml`))]
      .map((path) => `<sitemap><loc>${url(path)}</loc></sitemap>\n`)
      .join('') +
    '</sitemapindex>\n';

  const urlSet = (entries: readonly SitemapEntry[]) =>
    XML_HEAD +
    `<urlset xmlns="${NAMESPACE}">\n` +
    entries
      .map(
        (entry) =>
          `<url><loc>${url(entry.path)}</loc>${entry.updatedAt ? `<lastmod>${escapeMarkup(entry.updatedAt.slice(0, 10))}</lastmod>` : ''}</url>\n`,
      )
      .join('') +
    '</urlset>\n';

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => send(reply, index));
  app.get('/sitemaps/pages.xml', { schema: { hide: true } }, async (_request, reply) =>
    send(reply, urlSet(SITE_PAGES.map((path) => ({ path })))),
  );
  for (const [name, pagesIn] of Object.entries(options.shares)) {
    app.get(
      `/sitemaps/${name}-:share.xml`,
      { schema: { hide: true, params: z.object({ share: z.string().max(2) }) } },
      async (request, reply) => {
        const share = SHARE_STARTS.indexOf(request.params.share);
        if (share < 0) throw notFound('sitemap_not_found');
        return send(reply, urlSet((await pagesIn(shareRange(share))).slice(0, SITEMAP_URLS_MAX)));
      },
    );
  }
};
