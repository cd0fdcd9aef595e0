import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapImageSources, sanitizeReviewHtml } from './sanitize.ts';

/** Pieces an attacker (or a confused editor) might put together: tags, handlers, schemes with entities and tabs. */
const tagNames = fc.constantFrom(
  'p',
  'a',
  'img',
  'script',
  'svg',
  'style',
  'iframe',
  'form',
  'math',
  'h1',
  'b',
  'u',
  'li',
  'ul',
  'textarea',
  'noscript',
);
const schemes = fc.constantFrom(
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'java&#x09;script:alert(1)',
  '&#106;avascript:alert(1)',
  'javascript&colon;alert(1)',
  ' \u0001javascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://example.org/',
  'mailto:a@example.org',
  '//evil.example/',
);
const attribute = fc.oneof(
  fc.tuple(fc.constantFrom('href', 'src', 'action', 'formaction', 'xlink:href'), schemes).map(([name, value]) => `${name}="${value}"`),
  fc.constantFrom('onerror', 'onclick', 'ONLOAD', 'onmouseover', 'style', 'srcdoc').map((name) => `${name}="alert(1)"`),
  fc.constantFrom('target="_blank"', 'alt="a picture"', 'rel="opener"'),
);
const element: fc.Arbitrary<string> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 12 }),
    fc.constantFrom('<!--', '-->', '<![CDATA[', ']]>', '</', '<', '>', '"', "'", '&amp;', '&lt;script&gt;'),
    fc
      .tuple(tagNames, fc.array(attribute, { maxLength: 3 }), fc.array(tie('node'), { maxLength: 3 }))
      .map(([tag, attributes, children]) => `<${[tag, ...attributes].join(' ')}>${children.join('')}</${tag}>`),
  ),
})).node;
const html = fc.array(element, { maxLength: 6 }).map((parts) => parts.join(''));

/** The value of each URL-bearing attribute of the output's tags (text may mention anything), with entities decoded and invisible characters removed, as a browser reads it. */
function urlsIn(output: string): string[] {
  const decode = (value: string) =>
    value
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
      .replace(/&colon;/gi, ':')
      .replace(/&tab;|&newline;/gi, '')
      .replace(/&amp;/g, '&');
  const tags = output.match(/<[^>]*>/g) ?? [];
  return tags.flatMap((tag) =>
    [...tag.matchAll(/\s(?:href|src)="([^"]*)"/gi)].map((match) =>
      decode(match[1]!)
        .replace(/[^\x21-\uffff]/g, '')
        .toLowerCase(),
    ),
  );
}

describe('the review sanitiser, on generated input', () => {
  it('is idempotent: cleaning clean HTML changes nothing', () => {
    fc.assert(
      fc.property(html, (input) => {
        const once = sanitizeReviewHtml(input);
        expect(sanitizeReviewHtml(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it('lets no event handler, script, style or script URL through', () => {
    fc.assert(
      fc.property(html, (input) => {
        const output = sanitizeReviewHtml(input);
        const tags = output.match(/<[^>]*>/g) ?? [];
        for (const tag of tags) {
          expect(tag).not.toMatch(/\s(on\w+|style|srcdoc|action|formaction)\s*=/i);
          expect(tag).not.toMatch(/^<\/?(script|svg|style|iframe|form|math|textarea|noscript)\b/i);
        }
        for (const url of urlsIn(output)) {
          expect(url).toMatch(/^(https?:|mailto:|tel:|data:image\/)/);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('shows every picture of clean HTML at the address it is given, or not at all, and changes nothing else', () => {
    fc.assert(
      fc.property(html, (input) => {
        const clean = sanitizeReviewHtml(input);
        expect(mapImageSources(clean, (src) => src)).toBe(clean);
        const pictures = clean.match(/<img\b/g)?.length ?? 0;
        const mapped = mapImageSources(clean, () => '/shown');
        expect(mapped.match(/<img\b/g)?.length ?? 0).toBe(pictures);
        for (const tag of mapped.match(/<img\b[^>]*>/g) ?? []) expect(tag).toMatch(/\ssrc="\/shown"/);
        expect(mapImageSources(clean, () => null)).not.toMatch(/<img\b/);
      }),
      { numRuns: 1000 },
    );
  });
});
