import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../platform/errors.ts';

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

/** IPv4 ranges that are not the public internet: this network, private, shared (CGNAT), loopback, link-local (cloud metadata), protocol assignments, documentation, 6to4 relays, benchmarking, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
// Inside global unicast: protocol assignments (Teredo among them), documentation and 6to4, which embed or stand for other addresses.
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}
/** IPv6 outside global unicast (loopback, unique-local, link-local, multicast, IPv4-mapped, NAT64) is refused. */
const GLOBAL_IPV6 = new BlockList();
GLOBAL_IPV6.addSubnet('2000::', 3, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export function isPublicAddress(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (allowLoopback && LOOPBACK.check(address, family)) return true;
  if (NOT_PUBLIC.check(address, family)) return false;
  return family === 'ipv4' || GLOBAL_IPV6.check(address, 'ipv6');
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

/**
 * Resolves a host name and hands the connection only addresses that were checked, so the address checked is the
 * address connected to (a second, different DNS answer cannot point the request at an internal service). A name with
 * any address outside the public internet is refused as a whole.
 */
function publicLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (addresses.some((entry) => !isPublicAddress(entry.address, allowLoopback))) return callback(refused(), '');
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

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
      lookup: publicLookup(allowLoopback),
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
