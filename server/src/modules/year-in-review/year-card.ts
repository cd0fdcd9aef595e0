import sharp from 'sharp';
import { translator } from '../../platform/i18n/index.ts';
import { writtenNumber, type Language } from '../../platform/languages.ts';
import { escapeMarkup } from '../../platform/text.ts';

/**
 * The 1200×630 picture a shared year-in-review link shows (Open Graph's size): drawn as SVG, turned into PNG by
 * sharp, with the year's top album covers laid on it. Every text from members goes through `escapeMarkup`.
 */

const CARD_WIDTH = 1200;
const CARD_HEIGHT = 630;
const COVER = 200;
const COVER_GAP = 24;
const COVERS_LEFT = 640;

export interface CardData {
  /** The card is in its owner's language: it speaks for them wherever it is shared. */
  language: Language;
  name: string;
  year: number;
  rated: number;
  averageRating: number | null;
  /** Up to four of the year's top-rated albums, best first. */
  albums: { title: string; artist: string }[];
}

/** A cover as the covers module gives it: a file on disk, or a generated SVG. */
export type CardCover = { kind: 'file'; path: string; lastModified: Date } | { kind: 'svg'; svg: string };

/** Cuts a line to about `max` characters (by code point, so no emoji is split) with an ellipsis. */
function clip(value: string, max: number): string {
  const chars = [...value.trim()];
  return chars.length <= max
    ? chars.join('')
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

const SERIF = "'Iowan Old Style','Palatino Linotype',Georgia,'DejaVu Serif',serif";
const SANS = "'Inter','Helvetica Neue',Arial,'DejaVu Sans',sans-serif";

function frame(inner: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f2a44"/><stop offset="1" stop-color="#6a4c93"/></linearGradient></defs>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
<circle cx="1160" cy="-40" r="260" fill="#f2b33d" fill-opacity="0.12"/>
<circle cx="1160" cy="-40" r="150" fill="#f2b33d" fill-opacity="0.12"/>
${inner}
<text x="64" y="582" font-family="${SERIF}" font-size="30" font-weight="700" fill="#f5f1e8">Hearsay</text>
</svg>`;
}

/** The year's card as SVG; the covers go on top of it at `coverSlots`. */
export function yearCardSvg(data: CardData): string {
  // The card's words are in platform/i18n/locales/<language>/cards.json; `<b>` marks the numbers.
  const t = translator(data.language, 'cards');
  const average = data.averageRating === null ? '–' : writtenNumber(data.language, data.averageRating, 1);
  const rated = t('year.rated', { count: data.rated, rated: writtenNumber(data.language, data.rated), average })
    .replace(/<b>/g, '<tspan font-weight="700">')
    .replace(/<\/b>/g, '</tspan>');
  const titles = data.albums
    .slice(0, 4)
    .map(
      (album, index) =>
        `<text x="64" y="${388 + index * 40}" font-family="${SANS}" font-size="24" fill="#f5f1e8"><tspan font-weight="700">${index + 1}.</tspan> ${escapeMarkup(clip(album.title, 22))}<tspan dx="10" fill-opacity="0.7">— ${escapeMarkup(clip(album.artist, 16))}</tspan></text>`,
    )
    .join('\n');
  const placeholders = coverSlots(data.albums.length)
    .map(
      (slot) =>
        `<rect x="${slot.left - 6}" y="${slot.top - 6}" width="${COVER + 12}" height="${COVER + 12}" rx="14" fill="#000" fill-opacity="0.25"/>`,
    )
    .join('');
  return frame(`<text x="64" y="104" font-family="${SANS}" font-size="26" font-weight="600" letter-spacing="3" fill="#f2b33d">${escapeMarkup(clip(data.name, 34).toUpperCase())}</text>
<text x="60" y="210" font-family="${SERIF}" font-size="112" font-weight="700" fill="#f5f1e8">${data.year}</text>
<text x="64" y="262" font-family="${SANS}" font-size="26" fill="#f5f1e8" fill-opacity="0.85">${t('year.inMusic')}</text>
<text x="64" y="330" font-family="${SANS}" font-size="30" fill="#f5f1e8">${rated}</text>
${titles}
${placeholders}`);
}

/** Where each cover goes: a 2×2 block on the right. */
function coverSlots(count: number): { left: number; top: number }[] {
  return Array.from({ length: Math.min(4, count) }, (_, index) => ({
    left: COVERS_LEFT + (index % 2) * (COVER + COVER_GAP) + 60,
    top: 80 + Math.floor(index / 2) * (COVER + COVER_GAP),
  }));
}

export async function renderYearCard(data: CardData, covers: readonly (CardCover | null)[]): Promise<Buffer> {
  const slots = coverSlots(data.albums.length);
  const layers = await Promise.all(
    slots.map(async (slot, index) => {
      const cover = covers[index];
      if (!cover) return null;
      const input = cover.kind === 'file' ? cover.path : Buffer.from(cover.svg);
      try {
        const image = await sharp(input, { limitInputPixels: 50_000_000 }).resize(COVER, COVER, { fit: 'cover' }).png().toBuffer();
        return { input: image, left: slot.left, top: slot.top };
      } catch {
        return null;
      }
    }),
  );
  return sharp(Buffer.from(yearCardSvg(data)))
    .composite(layers.filter((layer) => layer !== null))
    .png({ compressionLevel: 8 })
    .toBuffer();
}

let defaultCard: Promise<Buffer> | undefined;

/** The picture for a year that is not shared: Hearsay's own, the same for everyone. */
export function renderDefaultCard(): Promise<Buffer> {
  defaultCard ??= sharp(
    Buffer.from(
      frame(`<text x="60" y="250" font-family="${SERIF}" font-size="88" font-weight="700" fill="#f5f1e8">A year in music</text>
<text x="64" y="320" font-family="${SANS}" font-size="32" fill="#f5f1e8" fill-opacity="0.85">Rate, review and discover albums through people, not algorithms.</text>`),
    ),
  )
    .png({ compressionLevel: 8 })
    .toBuffer();
  return defaultCard;
}
