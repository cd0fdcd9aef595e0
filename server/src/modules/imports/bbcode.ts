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
  text = text.replace(/\[quote(?:=[^\]]*)?\]([\s\S]*?)\[\/quote\]/gi, '“$1”');
  text = text.replace(/\[\*\]/g, '\n• ');
  text = text.replace(/\[br\s*\/?\]/gi, '\n');
  // Remaining tags ([b], [i], [u], [s], [size=…], [color=…], [spoiler], [album=…], [artist=…] …) keep their words.
  text = text.replace(/\[\/?[a-z*]+(?:=[^\]]*)?\]/gi, '');
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}
