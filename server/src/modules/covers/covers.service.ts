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
}

const FETCH_TIMEOUT_MS = 6000;
const MAX_DOWNLOAD_BYTES = 15 * 1024 * 1024;
/** A failed lookup is retried after this long (the archive gains covers over time). */
const RETRY_MISSING_AFTER_MS = 7 * 24 * 3600 * 1000;
const COVER_SIZE = 600;

export type CoverService = ReturnType<typeof createCoverService>;

/**
 * Album covers: fetched once from the Cover Art Archive by MusicBrainz release-group id, re-encoded
 * to WebP and kept under the data directory; a generated typographic cover otherwise.
 */
export function createCoverService(deps: CoverServiceDeps) {
  const directory = join(deps.dataDir, 'covers', 'albums');
  const inFlight = new Map<string, Promise<boolean>>();

  const fileFor = (albumId: string) => join(directory, `${albumId}.webp`);

  async function download(albumId: string, mbid: string): Promise<boolean> {
    const url = `${deps.archiveUrl}/release-group/${encodeURIComponent(mbid)}/front-500`;
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
        .resize(COVER_SIZE, COVER_SIZE, { fit: 'cover', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      await mkdir(directory, { recursive: true });
      const temporary = `${fileFor(albumId)}.${process.pid}.tmp`;
      await writeFile(temporary, webp);
      await rename(temporary, fileFor(albumId));
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

  async function cachedFile(albumId: string): Promise<CoverImage | undefined> {
    try {
      const info = await stat(fileFor(albumId));
      return { kind: 'file', path: fileFor(albumId), contentType: 'image/webp', lastModified: info.mtime };
    } catch {
      return undefined;
    }
  }

  async function albumCover(albumId: string): Promise<CoverImage> {
    const album = await repository.findAlbumForCover(deps.db, albumId);
    if (!album) throw notFound('album_not_found', 'We could not find that album.');
    if (album.cover_status === 'cached') {
      const file = await cachedFile(album.id);
      if (file) return file;
    }
    if (album.mbid && shouldFetch(album)) {
      let pending = inFlight.get(album.id);
      if (!pending) {
        pending = download(album.id, album.mbid).finally(() => inFlight.delete(album.id));
        inFlight.set(album.id, pending);
      }
      const stored = await pending;
      await repository.recordCoverStatus(deps.db, album.id, stored ? 'cached' : 'missing', deps.clock().toISOString());
      if (stored) {
        const file = await cachedFile(album.id);
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
