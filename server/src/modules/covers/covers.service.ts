import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { notFound } from '../../platform/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { ARTIST_IMAGE_SIZE, generatedAlbumCover, generatedArtistImage, type Drawing } from './generated-cover.ts';

/**
 * A WebP picture on disk: artwork from the archive, or one Hearsay drew (which real artwork may replace later); or a
 * generated SVG whose words the reader's fonts draw.
 */
export type CoverImage = { kind: 'file'; path: string; lastModified: Date; generated: boolean } | { kind: 'svg'; svg: string };
type CoverFile = Extract<CoverImage, { kind: 'file' }>;

export interface CoverServiceDeps {
  /** The albums and artists pictured, and whether the archive had an album's cover (the catalog keeps it). */
  catalog: Pick<CatalogService, 'albumForCover' | 'artistForImage' | 'recordCoverStatus'>;
  dataDir: string;
  mode: 'remote' | 'off';
  /** Cover Art Archive base URL; tests point it at a local server playing the archive. */
  archiveUrl: string;
  fetch: typeof fetch;
  clock: () => Date;
  log: { warn(object: object, message: string): void };
  /** A cover was found for an album: its pages name the cover instead of the generated one (the catalog's caches). */
  onCoverFound?: (albumId: string) => void;
}

const FETCH_TIMEOUT_MS = 6000;
/** Flat colours and large type: at 60 the drawn pictures look the same as at 82, in about two thirds of the bytes. */
const DRAWN_QUALITY = 60;
const MAX_DOWNLOAD_BYTES = 15 * 1024 * 1024;
/** A failed lookup is retried after this long (the archive gains covers over time). */
const RETRY_MISSING_AFTER_MS = 7 * 24 * 3600 * 1000;
/**
 * The sizes pages ask for, each fetched as the Cover Art Archive's thumbnail of that size (`front-250`,
 * `front-500`), never the full-size image, and kept on disk separately. The images are not CC0: they are stored
 * only resized, and shown only beside their album.
 */
export const COVER_SIZES = [250, 500] as const;
export type CoverSize = (typeof COVER_SIZES)[number];

export type CoverService = ReturnType<typeof createCoverService>;

/**
 * Album covers: fetched once from the Cover Art Archive by MusicBrainz release-group id, re-encoded
 * to WebP and kept under the data directory; a generated typographic cover otherwise.
 */
export function createCoverService(deps: CoverServiceDeps) {
  const directory = join(deps.dataDir, 'covers', 'albums');
  const drawnDirectory = join(deps.dataDir, 'covers', 'generated');
  const inFlight = new Map<string, Promise<unknown>>();

  // The 500 px file keeps the name covers had before there were sizes, so covers cached then are still found.
  const fileFor = (albumId: string, size: CoverSize) => join(directory, size === 500 ? `${albumId}.webp` : `${albumId}-${size}.webp`);

  async function download(albumId: string, mbid: string, size: CoverSize): Promise<boolean> {
    const url = `${deps.archiveUrl}/release-group/${encodeURIComponent(mbid)}/front-${size}`;
    try {
      const response = await deps.fetch(url, {
        redirect: 'follow',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        headers: { accept: 'image/*', 'user-agent': 'Hearsay (self-hosted album community)' },
      });
      if (!response.ok) {
        if (response.status !== 404) deps.log.warn({ albumId, status: response.status }, 'cover art archive refused');
        return false;
      }
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MAX_DOWNLOAD_BYTES) return false;
      const body = Buffer.from(await response.arrayBuffer());
      if (body.byteLength > MAX_DOWNLOAD_BYTES) return false;
      const webp = await sharp(body, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(size, size, { fit: 'cover', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      await keep(fileFor(albumId, size), webp);
      return true;
    } catch (error) {
      deps.log.warn({ albumId, err: error }, 'cover download failed');
      return false;
    }
  }

  function shouldFetch(album: { mbid: string | null; cover_status: string; cover_checked_at: string | null }) {
    if (deps.mode !== 'remote' || !album.mbid) return false;
    if (album.cover_status === 'unknown') return true;
    if (album.cover_status !== 'missing' || !album.cover_checked_at) return false;
    return deps.clock().getTime() - Date.parse(album.cover_checked_at) > RETRY_MISSING_AFTER_MS;
  }

  /** Written beside its final name and then renamed, so no process ever serves half a file. */
  async function keep(path: string, image: Buffer) {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, image);
    await rename(temporary, path);
  }

  async function fileAt(path: string, generated = false): Promise<CoverFile | undefined> {
    try {
      return { kind: 'file', path, lastModified: (await stat(path)).mtime, generated };
    } catch {
      return undefined;
    }
  }

  const cachedFile = (albumId: string, size: CoverSize) => fileAt(fileFor(albumId, size));

  /** One download or drawing per file at a time, however many pages ask for it at once. */
  function once<T>(key: string, work: () => Promise<T>): Promise<T> {
    let pending = inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = work().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  const fetchOnce = (albumId: string, mbid: string, size: CoverSize) => once(`${albumId}-${size}`, () => download(albumId, mbid, size));

  /**
   * A generated picture as WebP, drawn once at the size asked and kept under a name made from the drawing itself (a
   * renamed album gets a new one). Browsers lay an SVG picture out and draw its text on the page's main thread, a
   * long task on a phone for a page of covers; a WebP is decoded on another thread. The words are drawn with the
   * server's fonts (docs/OPERATIONS.md); words in scripts a server may have no font for stay SVG.
   */
  async function drawn(drawing: Drawing, size: number): Promise<CoverImage> {
    if (!drawing.commonScript) return { kind: 'svg', svg: drawing.svg };
    const name = createHash('sha256').update(drawing.svg).digest('base64url').slice(0, 32);
    const path = join(drawnDirectory, `${name}-${size}.webp`);
    const kept = await fileAt(path, true);
    if (kept) return kept;
    await once(path, async () => {
      const webp = await sharp(Buffer.from(drawing.svg), { density: (72 * size) / drawing.size })
        .resize(size, size)
        .webp({ quality: DRAWN_QUALITY })
        .toBuffer();
      await keep(path, webp);
    });
    const made = await fileAt(path, true);
    if (!made) throw new Error(`the generated picture ${path} was not kept`);
    return made;
  }

  async function albumCover(albumId: string, size: CoverSize = 500): Promise<CoverImage> {
    const album = await deps.catalog.albumForCover(albumId);
    if (!album) throw notFound('album_not_found');
    if (album.cover_status === 'cached') {
      const file = await cachedFile(album.id, size);
      if (file) return file;
      // The archive had a cover; this size was not asked for yet.
      if (deps.mode === 'remote' && album.mbid && (await fetchOnce(album.id, album.mbid, size))) {
        const fetched = await cachedFile(album.id, size);
        if (fetched) return fetched;
      }
      const other = await cachedFile(album.id, size === 500 ? 250 : 500);
      if (other) return other;
    }
    if (album.mbid && shouldFetch(album)) {
      const stored = await fetchOnce(album.id, album.mbid, size);
      await deps.catalog.recordCoverStatus(album.id, stored ? 'cached' : 'missing', deps.clock().toISOString());
      if (stored) deps.onCoverFound?.(album.id);
      if (stored) {
        const file = await cachedFile(album.id, size);
        if (file) return file;
      }
    }
    return drawn(generatedAlbumCover(album.title, album.artist_credit), size);
  }

  async function artistImage(artistId: string): Promise<CoverImage> {
    const artist = await deps.catalog.artistForImage(artistId);
    if (!artist) throw notFound('artist_not_found');
    return drawn(generatedArtistImage(artist.name), ARTIST_IMAGE_SIZE);
  }

  return { albumCover, artistImage };
}
