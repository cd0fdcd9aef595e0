import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { endpointUrl } from '@hearsay/contracts/endpoint';
import { imageProxyEndpoints, MAX_IMAGE_URL_LENGTH } from '@hearsay/contracts/image-proxy';
import { LRUCache } from 'lru-cache';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { fetchPublicImage, IMAGE_TYPES } from './public-fetch.ts';

const MAX_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;
const REMEMBER_FAILURES_MS = 10 * 60 * 1000;

export interface ImageProxyDeps {
  dataDir: string;
  /** AUTH_SECRET; the signing key is derived from it for this use alone. */
  secret: string;
  publicUrl: string;
  mode: 'proxy' | 'off';
  /** Past this many bytes of kept pictures, the least recently fetched are removed (and fetched again if shown). */
  cacheBytes: number;
  allowLoopback?: boolean;
  timeoutMs?: number;
}

export interface ProxiedImage {
  path: string;
  contentType: string;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

export type ImageProxyService = ReturnType<typeof createImageProxyService>;

/**
 * Pictures from other sites in reviews (decision 14): readers' browsers load them from this site, which fetches each
 * one once, within limits, and keeps it under DATA_DIR/image-proxy. Only addresses this site signed are fetched, so
 * the proxy is not an open relay.
 */
export function createImageProxyService(deps: ImageProxyDeps) {
  // A key of its own, so that an image signature can never stand for a cookie or token signed with AUTH_SECRET.
  const key = createHmac('sha256', deps.secret).update('hearsay review image proxy').digest();
  const sign = (url: string) => createHmac('sha256', key).update(url).digest('base64url');
  const site = new URL(deps.publicUrl);
  const directory = join(deps.dataDir, 'image-proxy');
  const limits = { allowLoopback: deps.allowLoopback ?? false, timeoutMs: deps.timeoutMs ?? FETCH_TIMEOUT_MS, maxBytes: MAX_BYTES };
  const inFlight = new Map<string, Promise<ProxiedImage>>();
  const failures = new LRUCache<string, AppError>({ max: 1000, ttl: REMEMBER_FAILURES_MS });

  const isWeb = (url: URL | null): url is URL => url?.protocol === 'http:' || url?.protocol === 'https:';

  function proxied(url: URL): string | null {
    if (deps.mode === 'off' || url.href.length > MAX_IMAGE_URL_LENGTH) return null;
    return endpointUrl(imageProxyEndpoints.image, { query: { url: url.href, sig: sign(url.href) } });
  }

  /**
   * What an <img src> of review HTML becomes when shown: data: pictures (already limited by the sanitiser) and this
   * site's own addresses (as a path) stay, pictures from elsewhere become signed proxy addresses, and null leaves the
   * picture out. Addresses are resolved against PUBLIC_URL as a browser on the site resolves them.
   */
  function imageSrc(src: string): string | null {
    const url = URL.parse(src, site.href);
    if (url?.protocol === 'data:') return src;
    if (!isWeb(url)) return null;
    if (url.origin !== site.origin) return proxied(url);
    if (url.pathname !== imageProxyEndpoints.image.path) return `${url.pathname}${url.search}`;
    // HTML sent back as it was shown names the proxy: the picture's own address is signed afresh, so that a new
    // AUTH_SECRET or REVIEW_IMAGES=off applies to it too.
    const original = URL.parse(url.searchParams.get('url') ?? '');
    return isWeb(original) && original.origin !== site.origin ? proxied(original) : null;
  }

  async function cachedFile(name: string): Promise<ProxiedImage | undefined> {
    for (const [contentType, extension] of IMAGE_TYPES) {
      const path = join(directory, `${name}.${extension}`);
      if (await exists(path)) return { path, contentType };
    }
    return undefined;
  }

  async function download(url: string, name: string): Promise<ProxiedImage> {
    try {
      const { bytes, contentType } = await fetchPublicImage(url, limits);
      const path = join(directory, `${name}.${IMAGE_TYPES.get(contentType)}`);
      await mkdir(directory, { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
      void keepUnderCap();
      return { path, contentType };
    } catch (error) {
      if (error instanceof AppError) failures.set(name, error);
      throw error;
    }
  }

  let trimming: Promise<void> | null = null;
  /** Removes the oldest kept pictures until they take at most 90% of the cap; one pass at a time. */
  function keepUnderCap(): Promise<void> {
    trimming ??= (async () => {
      const files = await Promise.all(
        (await readdir(directory))
          .filter((name) => !name.endsWith('.tmp'))
          .map(async (name) => {
            const path = join(directory, name);
            const { size, mtimeMs } = await stat(path);
            return { path, size, mtimeMs };
          }),
      );
      let total = files.reduce((sum, file) => sum + file.size, 0);
      if (total <= deps.cacheBytes) return;
      for (const file of files.sort((a, b) => a.mtimeMs - b.mtimeMs)) {
        if (total <= deps.cacheBytes * 0.9) break;
        await unlink(file.path).catch(() => {});
        total -= file.size;
      }
    })()
      .catch(() => {})
      .finally(() => (trimming = null));
    return trimming;
  }

  async function image(url: string, signature: string): Promise<ProxiedImage> {
    if (deps.mode === 'off') throw notFound('review_images_off');
    const expected = Buffer.from(sign(url));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw forbidden('image_signature_invalid');
    }
    const name = createHash('sha256').update(url).digest('hex');
    const cached = await cachedFile(name);
    if (cached) return cached;
    const failure = failures.get(name);
    if (failure) throw failure;
    let pending = inFlight.get(name);
    if (!pending) {
      pending = download(url, name).finally(() => inFlight.delete(name));
      inFlight.set(name, pending);
    }
    return pending;
  }

  return { imageSrc, image };
}
