import type { Viewer } from './viewer.ts';
import { escapeMarkup } from '../text.ts';

/** What a shared link shows in a chat or social post (Open Graph and Twitter card tags). */
export interface LinkPreview {
  title: string;
  description: string;
  /** Path or absolute URL of the preview image. */
  image?: string;
  type?: 'website' | 'music.album' | 'profile' | 'article' | 'music.playlist';
  /** The page's canonical address (path and query) when its query names what it shows (a chart's slice). */
  url?: string;
}

export interface PreviewRoute {
  pattern: RegExp;
  resolve(match: RegExpExecArray, viewer: Viewer | null, search: URLSearchParams): Promise<LinkPreview | undefined>;
}

export const DEFAULT_PREVIEW: LinkPreview = {
  title: 'Hearsay — Discover music through people, not algorithms',
  description:
    'Rate albums on a 10-point scale, write reviews, keep lists and follow people whose taste you trust. A community for album lovers.',
  type: 'website',
};

/**
 * The page's title, description, canonical address and preview tags. A page for an address that names nothing
 * (`notFound`) has no canonical address and asks search engines not to index it.
 */
export function renderHeadTags(preview: LinkPreview, pageUrl: string, publicUrl: string, { notFound = false } = {}): string {
  const image = preview.image ? new URL(preview.image, `${publicUrl}/`).toString() : `${publicUrl}/og-default.png`;
  const { title, description } = preview;
  const openGraph = {
    site_name: 'Hearsay',
    type: preview.type ?? 'website',
    title,
    description,
    ...(!notFound && { url: pageUrl }),
    image,
  };
  const twitter = { card: 'summary_large_image', title, description, image };
  const tags = [
    `<title>${escapeMarkup(title)}</title>`,
    `<meta name="description" content="${escapeMarkup(description)}">`,
    notFound ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${escapeMarkup(pageUrl)}">`,
    ...Object.entries(openGraph).map(([key, value]) => `<meta property="og:${key}" content="${escapeMarkup(value)}">`),
    ...Object.entries(twitter).map(([key, value]) => `<meta name="twitter:${key}" content="${escapeMarkup(value)}">`),
  ];
  return tags.join('\n    ');
}
