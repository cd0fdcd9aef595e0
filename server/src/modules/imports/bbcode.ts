/**
 * RateYourMusic reviews are written in BBCode. Imported reviews are kept as plain text (paragraphs separated by
 * blank lines): formatting tags are dropped, links keep their address in brackets, quotes get quotation marks,
 * and anything unknown is left as the words it wraps. Plain text cannot carry markup, so nothing here needs
 * sanitising later.
 */
export function bbcodeToText(input: string): string {
  let text = input.replace(/\r\n?/g, '\n');
  text = text.replace(/\[url=([^\]]+)\]([\s\S]*?)\[\/url\]/gi, (_match, url: string, label: string) =>
    label.trim() && label.trim() !== url.trim() ? `${label.trim()} (${url.trim()})` : url.trim(),
  );
  text = text.replace(/\[url\]([\s\S]*?)\[\/url\]/gi, '$1');
  return paragraphsOf(commonTags(text)).join('\n\n');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** BBCode's formatting that review HTML has too; the data export writes it back the same way. */
const FORMATTING: Record<string, string> = { b: 'strong', i: 'em', u: 'u', s: 's' };

/**
 * The same review as HTML for a published review or a draft: bold, italic, underline, strikethrough and links keep
 * their formatting (the rest is read as `bbcodeToText` reads it), each paragraph a `<p>`, a single line break a
 * `<br>`. The reviews module sanitises it as it does whatever a member writes.
 */
export function bbcodeToHtml(input: string): string {
  let html = escapeHtml(input.replace(/\r\n?/g, '\n'));
  html = html.replace(/\[url=([^\]]+)\]([\s\S]*?)\[\/url\]/gi, (_match, url: string, label: string) =>
    label.trim() ? `<a href="${url.trim()}">${label.trim()}</a>` : `<a href="${url.trim()}">${url.trim()}</a>`,
  );
  html = html.replace(/\[url\]([\s\S]*?)\[\/url\]/gi, (_match, url: string) => `<a href="${url.trim()}">${url.trim()}</a>`);
  html = html.replace(/\[(\/?)([bius])\]/gi, (_match, close: string, tag: string) => `<${close}${FORMATTING[tag.toLowerCase()]}>`);
  return paragraphsOf(commonTags(html))
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Quotes get quotation marks, list items a bullet; remaining tags ([size=…], [color=…], [spoiler], …) keep their words. */
function commonTags(text: string): string {
  return text
    .replace(/\[quote(?:=[^\]]*)?\]([\s\S]*?)\[\/quote\]/gi, '“$1”')
    .replace(/\[\*\]/g, '\n• ')
    .replace(/\[br\s*\/?\]/gi, '\n')
    .replace(/\[\/?[a-z*]+(?:=[^\]]*)?\]/gi, '');
}

const paragraphsOf = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean);
