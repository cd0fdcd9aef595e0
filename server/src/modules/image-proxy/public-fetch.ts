import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { AppError } from '../../platform/errors.ts';
import { isPublicAddress, publicLookup } from '../../platform/http/public-address.ts';

/** Types browsers only ever draw as pictures, with the extension kept on disk. SVG is left out: it can carry scripts and links. */
export const IMAGE_TYPES = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/avif', 'avif'],
]);

export interface ImageFetchLimits {
  /** Only tests, which play the remote site on 127.0.0.1, allow loopback addresses. */
  allowLoopback: boolean;
  /** For the whole exchange, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;
/** Upstream failures are remembered by browsers for a while, as the proxy remembers them, so a broken picture is not asked for on every view. */
const RETRY_LATER = { 'cache-control': 'public, max-age=600' };

const refused = () =>
  new AppError(403, 'image_host_refused', {
    headers: RETRY_LATER,
  });
const unavailable = () => new AppError(502, 'image_unavailable', { headers: RETRY_LATER });
const timedOut = () => new AppError(502, 'image_timeout', { headers: RETRY_LATER });
const notAnImage = () =>
  new AppError(502, 'image_type_refused', {
    headers: RETRY_LATER,
  });
const tooLarge = (maxBytes: number) =>
  new AppError(502, 'image_too_large', { params: { megabytes: Math.round(maxBytes / 1024 / 1024) }, headers: RETRY_LATER });

/** One GET with none of the reader's headers (no cookies, referrer or client address), on a connection of its own. */
function get(url: URL, allowLoopback: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(unavailable());
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // Addresses written as such are never looked up, so they are checked here.
  if (isIP(host) && !isPublicAddress(host, allowLoopback)) return Promise.reject(refused());
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      headers: { accept: [...IMAGE_TYPES.keys()].join(','), 'user-agent': 'Hearsay image proxy' },
      agent: false,
      lookup: publicLookup(allowLoopback, refused),
      signal,
    });
    request.once('response', resolve);
    // Kept for the request's whole life: an error after the answer must not go unhandled.
    request.on('error', reject);
    request.end();
  });
}

async function readImage(response: IncomingMessage, maxBytes: number): Promise<{ bytes: Buffer; contentType: string }> {
  try {
    if (response.statusCode !== 200) throw unavailable();
    const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!IMAGE_TYPES.has(contentType)) throw notAnImage();
    // Nothing asked for compression, so compressed bytes would be stored and served as a broken picture.
    const encoding = response.headers['content-encoding'];
    if (encoding && encoding !== 'identity') throw unavailable();
    if (Number(response.headers['content-length'] ?? 0) > maxBytes) throw tooLarge(maxBytes);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
    return { bytes: Buffer.concat(chunks), contentType };
  } finally {
    response.destroy();
  }
}

/**
 * Fetches a picture from the public internet within limits: http or https only, every address (redirects included,
 * at most 3) checked to be public, one deadline for everything, a size cap enforced while reading, and only the
 * picture types of IMAGE_TYPES. Every failure is an AppError (403 for an address refused, 502 otherwise).
 */
export async function fetchPublicImage(address: string, limits: ImageFetchLimits): Promise<{ bytes: Buffer; contentType: string }> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    let url = new URL(address);
    for (let redirects = 0; ; redirects++) {
      const response = await get(url, limits.allowLoopback, signal);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return await readImage(response, limits.maxBytes);
      response.destroy();
      if (redirects === MAX_REDIRECTS) throw unavailable();
      url = new URL(location, url);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) throw timedOut();
    throw unavailable();
  }
}
