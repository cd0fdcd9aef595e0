import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';
import sanitizeHtml from 'sanitize-html';

/** A data: image larger than this is dropped (about 200 KB of picture). */
const DATA_IMAGE_MAX = 270_000;

/**
 * The allow-list for review HTML: exactly what the editor produces (paragraphs, headings 1–3, bold, italic,
 * underline, links, lists, line breaks) plus images. Links may only be http, https, mailto or tel and always get
 * rel="nofollow ugc noopener"; images only http, https or size-limited data:image. Everything else (scripts, event
 * handlers, styles, frames, forms, other schemes) is removed, whatever the casing, entities or nesting.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: true,
  transformTags: {
    // Every picture gets an alt text (empty when the writer gave none) so screen readers can skip it.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'nofollow ugc noopener',
        ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
      },
    }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    (!frame.attribs.src ||
      (frame.attribs.src.startsWith('data:') &&
        (!/^data:image\/(png|jpe?g|gif|webp);base64,/i.test(frame.attribs.src) || frame.attribs.src.length > DATA_IMAGE_MAX))),
};

/** Parses HTML the way a browser does (HTML5 rules: implied end tags, raw-text elements) and writes it back out. */
const asBrowsersRead = (html: string) => serialize(parseFragment(html));

/**
 * The sanitiser's own parser is lenient, not HTML5: left alone it would store markup that a browser reads
 * differently (`<p>` inside `<p>`, tags inside `<iframe>` text). So the input is first read as a browser reads it,
 * and the cleaned result is normalised once more, which makes what is stored exactly what is shown.
 */
export function sanitizeReviewHtml(html: string): string {
  return asBrowsersRead(sanitizeHtml(asBrowsersRead(html), OPTIONS)).trim();
}

/**
 * Passes the address of every picture in clean review HTML through `srcFor`, leaving the picture out where it answers
 * null. Clean HTML is already in parse5's form, so reading and writing it again changes nothing else.
 */
export function mapImageSources(html: string, srcFor: (src: string) => string | null): string {
  if (!html.includes('<img')) return html;
  const fragment = parseFragment(html);
  mapImagesUnder(fragment, srcFor);
  return serialize(fragment);
}

function mapImagesUnder(parent: DefaultTreeAdapterMap['parentNode'], srcFor: (src: string) => string | null) {
  parent.childNodes = parent.childNodes.filter((node) => {
    if (!('tagName' in node)) return true;
    const src = node.tagName === 'img' ? node.attrs.find((attribute) => attribute.name === 'src') : undefined;
    if (src) {
      const mapped = srcFor(src.value);
      if (mapped === null) return false;
      src.value = mapped;
    }
    mapImagesUnder(node, srcFor);
    return true;
  });
}

/** The words of a review, for the 50-character minimum, excerpts and link previews. */
export function reviewText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h[1-3]|li|blockquote)>|<br\s*\/?>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
