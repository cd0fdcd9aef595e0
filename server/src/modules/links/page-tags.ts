import { parse } from 'parse5';
import { namedAlbums, plainWords, type NamedAlbum } from './link-shapes.ts';

/** The link-preview tags of a page (Open Graph, its music: tags and Twitter's), by property or name. */
export function pageTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[]; content?: Node };
  const visit = (node: Node) => {
    if (node.nodeName === 'meta') {
      const attrs = new Map((node.attrs ?? []).map((attr) => [attr.name, attr.value]));
      const key = (attrs.get('property') ?? attrs.get('name'))?.toLowerCase();
      const content = attrs.get('content')?.trim();
      if (key && content && !tags.has(key)) tags.set(key, content);
    }
    if (node.nodeName === 'body') return;
    for (const child of node.childNodes ?? []) visit(child);
  };
  visit(parse(html) as unknown as Node);
  return tags;
}

const isLink = (value: string) => /^https?:\/\//i.test(value);

/**
 * The album a music page names, likeliest first: its title as the site writes it ("ye - Album by Kanye West |
 * Spotify", "Title, by Artist"), or its title with the artist of `music:musician_description`, `music:musician` (when a
 * name, not a link) or Spotify's description ("Album · Kanye West · 2018 · 7 songs").
 */
export function albumsOfPage(tags: Map<string, string>, kind: 'album' | 'track' | 'other'): NamedAlbum[] {
  const title = tags.get('og:title') ?? tags.get('twitter:title');
  if (!title) return [];
  const candidates = namedAlbums(title);
  if (kind === 'track') return candidates;
  const artists: string[] = [];
  const musician = tags.get('music:musician_description') ?? tags.get('music:musician');
  if (musician && !isLink(musician)) artists.push(musician);
  const description = (tags.get('og:description') ?? '').split(/\s+·\s+/);
  if (description.length >= 2 && /^(Album|Single|EP|Compilation)$/i.test(description[0]!)) artists.push(description[1]!);
  const bare = plainWords(title);
  for (const artist of artists) candidates.push({ title: bare, artist: artist.trim() });
  return candidates;
}
