import type { Viewer } from './viewer.ts';

/** What a shared link shows in a chat or social post (Open Graph and Twitter card tags). */
export interface LinkPreview {
  title: string;
  description: string;
  /** Path or absolute URL of the preview image. */
  image?: string;
  type?: 'website' | 'music.album' | 'profile' | 'article' | 'music.playlist';
}

export interface PreviewRoute {
  pattern: RegExp;
  resolve(match: RegExpExecArray, viewer: Viewer | null): Promise<LinkPreview | undefined>;
}

export const DEFAULT_PREVIEW: LinkPreview = {
  title: 'Hearsay — Discover music through people, not algorithms',
  description:
    'Rate albums on a 10-point scale, write reviews, keep lists and follow people whose taste you trust. A community for album lovers.',
  type: 'website',
};

function escapeHtml(value: string): string {
  return value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderHeadTags(preview: LinkPreview, pageUrl: string, publicUrl: string): string {
  const image = preview.image ? new URL(preview.image, `${publicUrl}/`).toString() : `${publicUrl}/og-default.png`;
  const tags = [
    `<title>${escapeHtml(preview.title)}</title>`,
    `<meta name="description" content="${escapeHtml(preview.description)}">`,
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    `<meta property="og:site_name" content="Hearsay">`,
    `<meta property="og:type" content="${preview.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(preview.title)}">`,
    `<meta property="og:description" content="${escapeHtml(preview.description)}">`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(preview.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(preview.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
  ];
  return tags.join('\n    ');
}
