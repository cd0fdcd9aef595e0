import type { ReactNode } from 'react';

// Candidates only: each is checked with the URL parser before it becomes a link.
const CANDIDATE = /\bhttps?:\/\/[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://example.com.").
const TRAILING = /[.,;:!?'’”)\]]+$/;

type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Splits a message into text and http(s) links. Nothing else (javascript:, data:, mailto:) ever becomes a link. */
export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of body.matchAll(CANDIDATE)) {
    let text = match[0];
    const trailing = TRAILING.exec(text)?.[0] ?? '';
    // A closing bracket that the address opened belongs to it (Wikipedia-style addresses).
    const keep = trailing.startsWith(')') && text.includes('(') ? 1 : 0;
    text = text.slice(0, text.length - trailing.length + keep);
    let href: string | null = null;
    try {
      const url = new URL(text);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) });
    parts.push({ kind: 'link', text, href });
    last = start + text.length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

/** A message's text as written (React escapes it), with its web addresses as links that open apart from Hearsay. */
export function MessageText({ body }: { body: string }): ReactNode {
  return messageParts(body).map((part, index) =>
    part.kind === 'link' ? (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="break-all underline underline-offset-2"
      >
        {part.text}
      </a>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}
