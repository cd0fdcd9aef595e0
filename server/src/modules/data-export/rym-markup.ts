import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];

/** Review HTML's formatting that RateYourMusic's markup has too (its import reads it back: imports/bbcode.ts). */
const TAGS: Record<string, string> = { strong: 'b', b: 'b', em: 'i', i: 'i', u: 'u', s: 's' };
const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'blockquote', 'ul', 'ol', 'li']);

const isElement = (node: Node): node is Element => 'tagName' in node;
const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value ?? '';

function inline(nodes: readonly Node[]): string {
  return nodes
    .map((node) => {
      if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
      if (!isElement(node)) return '';
      const tag = node.tagName;
      if (tag === 'br') return '\n';
      if (tag === 'img') return attribute(node, 'src').startsWith('http') ? attribute(node, 'src') : '';
      const content = inline(node.childNodes);
      if (tag === 'a') return attribute(node, 'href') ? `[url=${attribute(node, 'href')}]${content}[/url]` : content;
      const bb = TAGS[tag];
      return bb ? `[${bb}]${content}[/${bb}]` : content;
    })
    .join('');
}

/** The paragraphs of a run of nodes: each block element one (a list, one per item), loose inline content another. */
function blocksOf(nodes: readonly Node[]): string[] {
  const blocks: string[] = [];
  let loose: Node[] = [];
  const flush = () => {
    const text = inline(loose).trim();
    if (text) blocks.push(text);
    loose = [];
  };
  for (const node of nodes) {
    if (!isElement(node) || !BLOCKS.has(node.tagName)) {
      loose.push(node);
      continue;
    }
    flush();
    const tag = node.tagName;
    if (tag === 'ul' || tag === 'ol') blocks.push(...blocksOf(node.childNodes.filter(isElement)));
    else if (tag === 'li') blocks.push(`• ${blocksOf(node.childNodes).join('\n')}`);
    else if (tag === 'blockquote') blocks.push(`[quote]${blocksOf(node.childNodes).join('\n\n')}[/quote]`);
    else {
      const text = inline(node.childNodes).trim();
      if (text) blocks.push(tag === 'p' ? text : `[b]${text}[/b]`);
    }
  }
  flush();
  return blocks;
}

/**
 * A review's sanitised HTML in RateYourMusic's markup: bold, italic, underline and strikethrough as [b], [i], [u],
 * [s]; links as [url=…]…[/url]; headings in bold; a quotation as [quote]; list items one a line with a bullet;
 * paragraphs separated by a blank line, a line break as a new line. A picture leaves its address.
 */
export function htmlToRymMarkup(html: string): string {
  const blocks = blocksOf(parseFragment(html).childNodes);
  // Items of one list stay on consecutive lines.
  return blocks.reduce((text, block, index) => {
    if (index === 0) return block;
    const list = block.startsWith('• ') && blocks[index - 1]!.startsWith('• ');
    return `${text}${list ? '\n' : '\n\n'}${block}`;
  }, '');
}
