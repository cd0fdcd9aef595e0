import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DB } from '../../platform/db/index.ts';
import { notFound } from '../../platform/errors.ts';
import * as repository from './covers.repository.ts';
import { generatedAlbumCover, generatedArtistImage } from './generated-cover.ts';

export type CoverImage = { kind: 'file'; path: string; contentType: 'image/webp'; lastModified: Date } | { kind: 'generated'; svg: string };

export interface CoverServiceDeps {
  db: DB;
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
  const inFlight = new Map<string, Promise<boolean>>();

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
      await mkdir(directory, { recursive: true });
      const temporary = `${fileFor(albumId, size)}.${process.pid}.tmp`;
      await writeFile(temporary, webp);
      await rename(temporary, fileFor(albumId, size));
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

  async function cachedFile(albumId: string, size: CoverSize): Promise<CoverImage | undefined> {
    try {
      const info = await stat(fileFor(albumId, size));
      return { kind: 'file', path: fileFor(albumId, size), contentType: 'image/webp', lastModified: info.mtime };
    } catch {
      return undefined;
    }
  }

  /** One download per album and size at a time, however many pages ask for it at once. */
  function fetchOnce(albumId: string, mbid: string, size: CoverSize): Promise<boolean> {
    const key = `${albumId}-${size}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = download(albumId, mbid, size).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  async function albumCover(albumId: string, size: CoverSize = 500): Promise<CoverImage> {
    const album = await repository.findAlbumForCover(deps.db, albumId);
    if (!album) throw notFound('album_not_found', 'We could not find that album.');
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
      await repository.recordCoverStatus(deps.db, album.id, stored ? 'cached' : 'missing', deps.clock().toISOString());
      if (stored) deps.onCoverFound?.(album.id);
      if (stored) {
        const file = await cachedFile(album.id, size);
        if (file) return file;
      }
    }
    return { kind: 'generated', svg: generatedAlbumCover(album.title, album.artist_credit) };
  }

  async function artistImage(artistId: string): Promise<CoverImage> {
    const artist = await repository.findArtistName(deps.db, artistId);
    if (!artist) throw notFound('artist_not_found', 'We could not find that artist.');
    return { kind: 'generated', svg: generatedArtistImage(artist.name) };
  }

  return { albumCover, artistImage };
}
