import { createHash } from 'node:crypto';
import { escapeMarkup } from '../../platform/text.ts';

/**
 * Typographic covers for albums without artwork: deterministic from title and artist (the same
 * album always gets the same cover), readable, and pleasant on light and dark pages. They are drawn
 * as SVG here, and served as WebP when the server can draw their words (covers.service.ts).
 */

/**
 * An SVG picture and the width and height it is drawn at. `commonScript`: its words are only in the scripts every
 * server font has (Latin, Greek, Cyrillic), so the server can draw it; words in other scripts (居場所) are left to the
 * reader's fonts, since a server with no font for them would draw boxes.
 */
export type Drawing = { svg: string; size: number; commonScript: boolean };

const COMMON_SCRIPT = /^[\u0020-\u052f\u1e00-\u1fff\u2000-\u218f\u266a]*$/;
/** Whether words (control characters aside, which are never drawn) are all in the common scripts. */
const inCommonScript = (words: string) => COMMON_SCRIPT.test(words.replace(/\p{Cc}/gu, ''));

const ALBUM_COVER_SIZE = 600;
export const ARTIST_IMAGE_SIZE = 400;

const PALETTES: readonly { from: string; to: string; ink: string; accent: string }[] = [
  { from: '#1f2a44', to: '#3b5b8c', ink: '#f5f1e8', accent: '#f2b33d' },
  { from: '#2d1e2f', to: '#7a3e65', ink: '#fbeff4', accent: '#f59fb6' },
  { from: '#0f3b3a', to: '#1f7a6d', ink: '#effaf6', accent: '#9fe3c7' },
  { from: '#3a1f16', to: '#a4472a', ink: '#fff3e6', accent: '#ffd29a' },
  { from: '#1c1c1c', to: '#444444', ink: '#f4f4f4', accent: '#e85d4a' },
  { from: '#26305e', to: '#6a4c93', ink: '#f3efff', accent: '#ffcf56' },
  { from: '#173d2a', to: '#4f7d3a', ink: '#f4f8ea', accent: '#f0e68c' },
  { from: '#4a1d1d', to: '#b23a48', ink: '#fff0ef', accent: '#ffd6a5' },
  { from: '#10324a', to: '#2f8fbf', ink: '#eef8ff', accent: '#ffe066' },
  { from: '#3b2f1e', to: '#8c6d3f', ink: '#fbf6ec', accent: '#fff1c1' },
  { from: '#24163a', to: '#d1495b', ink: '#fff4f0', accent: '#edae49' },
  { from: '#0d2b2b', to: '#2a9d8f', ink: '#f1faee', accent: '#e9c46a' },
];

function hashBytes(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Greedy word wrap by an estimate of glyph widths (em units per character). */
function wrap(text: string, maxEm: number, maxLines: number): string[] {
  const widthOf = (word: string) =>
    [...word].reduce(
      (sum, char) =>
        sum + (/[mwMW@]/.test(char) ? 0.85 : /[ilIj.,'!|:;]/.test(char) ? 0.3 : /[\u3000-\u9fff\uac00-\ud7af]/.test(char) ? 1 : 0.58),
      0,
    );
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (widthOf(candidate) <= maxEm || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]?.replace(/\s*\S*$/, '') ?? ''}…`;
  return kept;
}

function pattern(kind: number, accent: string, seed: Buffer): string {
  const n = (index: number) => seed[index % seed.length] ?? 0;
  switch (kind) {
    case 0: // concentric rings, like a record
      return [0, 1, 2, 3, 4]
        .map(
          (ring) =>
            `<circle cx="${420 + (n(3) % 60)}" cy="${170 + (n(4) % 60)}" r="${60 + ring * 34}" fill="none" stroke="${accent}" stroke-opacity="${0.35 - ring * 0.06}" stroke-width="3"/>`,
        )
        .join('');
    case 1: // diagonal bands
      return [0, 1, 2]
        .map(
          (band) =>
            `<rect x="${-200 + band * 150 + (n(5) % 80)}" y="-100" width="${40 + (n(6 + band) % 50)}" height="900" fill="${accent}" fill-opacity="${0.14 + band * 0.05}" transform="rotate(${25 + (n(7) % 20)} 300 300)"/>`,
        )
        .join('');
    case 2: // a large sun
      return `<circle cx="${380 + (n(8) % 120)}" cy="${140 + (n(9) % 80)}" r="${110 + (n(10) % 50)}" fill="${accent}" fill-opacity="0.85"/>`;
    case 4: // horizontal stripes across the top
      return [0, 1, 2, 3, 4, 5]
        .map(
          (stripe) =>
            `<rect x="0" y="${40 + stripe * 42}" width="600" height="${14 + (n(11 + stripe) % 16)}" fill="${accent}" fill-opacity="${0.12 + stripe * 0.07}"/>`,
        )
        .join('');
    case 5: // a diagonal split
      return `<path d="M0 0H600V${200 + (n(12) % 160)}L0 ${360 + (n(13) % 120)}Z" fill="${accent}" fill-opacity="0.28"/>`;
    case 6: // overlapping squares, slightly turned
      return [0, 1, 2]
        .map(
          (square) =>
            `<rect x="${300 + square * 50}" y="${50 + square * 40}" width="${150 - square * 20}" height="${150 - square * 20}" fill="none" stroke="${accent}" stroke-width="6" stroke-opacity="${0.7 - square * 0.15}" transform="rotate(${(n(14 + square) % 30) - 15} 400 170)"/>`,
        )
        .join('');
    case 7: // a quarter circle from the corner
      return `<circle cx="600" cy="0" r="${260 + (n(15) % 120)}" fill="${accent}" fill-opacity="0.5"/><circle cx="600" cy="0" r="${130 + (n(16) % 60)}" fill="${accent}" fill-opacity="0.45"/>`;
    default: // a grid of dots
      return Array.from({ length: 36 }, (_, index) => {
        const x = 330 + (index % 6) * 40;
        const y = 60 + Math.floor(index / 6) * 40;
        return `<circle cx="${x}" cy="${y}" r="${4 + ((n(index) >> 5) % 4)}" fill="${accent}" fill-opacity="0.6"/>`;
      }).join('');
  }
}

/** Layouts the covers choose from; the printed title and artist go below this width, where they cannot be read. */
const PATTERNS = 8;
const SMALL_COVER = '<style>@media (max-width: 95px) { .words { display: none } }</style>';

export function generatedAlbumCover(title: string, artist: string): Drawing {
  const seed = hashBytes(`${artist}\u0000${title}`);
  const palette = PALETTES[(seed[0] ?? 0) % PALETTES.length] ?? PALETTES[0]!;
  const titleLines = wrap(title, 9.5, 4);
  const fontSize = titleLines.length > 3 ? 44 : titleLines.length > 2 ? 50 : 58;
  const lineHeight = fontSize * 1.08;
  const titleTop = 600 - 96 - lineHeight * (titleLines.length - 1);
  const titleText = titleLines
    .map((line, index) => `<tspan x="44" y="${(titleTop + index * lineHeight).toFixed(1)}">${escapeMarkup(line)}</tspan>`)
    .join('');
  const artistLine = wrap(artist, 26, 1)[0] ?? '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${escapeMarkup(`${title} by ${artist}`)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="600" height="600" fill="url(#g)"/>
${SMALL_COVER}
<g data-layout="${(seed[1] ?? 0) % PATTERNS}">${pattern((seed[1] ?? 0) % PATTERNS, palette.accent, seed)}</g>
<text class="words" font-family="'Iowan Old Style','Palatino Linotype',Georgia,'Times New Roman',serif" font-weight="700" font-size="${fontSize}" fill="${palette.ink}" letter-spacing="-0.5">${titleText}</text>
<text class="words" x="44" y="552" font-family="'Inter','Helvetica Neue',Arial,sans-serif" font-size="24" font-weight="600" letter-spacing="2" fill="${palette.ink}" fill-opacity="0.85">${escapeMarkup(artistLine.toUpperCase())}</text>
</svg>`;
  return { svg, size: ALBUM_COVER_SIZE, commonScript: inCommonScript(title + artist) };
}

export function generatedArtistImage(name: string): Drawing {
  const seed = hashBytes(`artist\u0000${name}`);
  const palette = PALETTES[(seed[0] ?? 0) % PALETTES.length] ?? PALETTES[0]!;
  const initials =
    name
      .replace(/^the\s+/i, '')
      .split(/[\s\-&,]+/)
      .filter((part) => /\p{L}|\p{N}/u.test(part))
      .slice(0, 2)
      .map((part) => [...part][0]?.toUpperCase() ?? '')
      .join('') || '♪';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeMarkup(name)}">
<defs><radialGradient id="g" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="${palette.to}"/><stop offset="1" stop-color="${palette.from}"/></radialGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
${pattern(2 + ((seed[1] ?? 0) % 2), palette.accent, seed)}
<text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="'Iowan Old Style',Georgia,serif" font-weight="700" font-size="150" fill="${palette.ink}">${escapeMarkup(initials)}</text>
</svg>`;
  return { svg, size: ARTIST_IMAGE_SIZE, commonScript: inCommonScript(initials) };
}
