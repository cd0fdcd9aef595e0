import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress, publicLookup } from './public-address.ts';

export interface PageFetchLimits {
  /** Whether a host may be asked at all: checked for the first address and every redirect. */
  allowedHost: (hostname: string) => boolean;
  /** For the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Reading stops here (or at `</head>`, where the tags read end). */
  maxBytes: number;
  /** Only tests, which play the sites on 127.0.0.1, allow loopback addresses. */
  allowLoopback?: boolean;
  /** Tests only: every request goes to this origin, naming the page's own host in `Host`. */
  connectTo?: string;
}

export class PageRefused extends Error {
  override name = 'PageRefused';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

function get(url: URL, limits: PageFetchLimits, signal: AbortSignal): Promise<IncomingMessage> {
  if (url.protocol !== 'https:' && !(limits.connectTo && url.protocol === 'http:')) throw new PageRefused('not https');
  if (url.port || url.username || url.password) throw new PageRefused('a port or credentials in the link');
  if (!limits.allowedHost(url.hostname)) throw new PageRefused(`${url.hostname} is not a music site Hearsay reads`);
  const target = limits.connectTo ? new URL(`${url.pathname}${url.search}`, limits.connectTo) : url;
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const allowLoopback = limits.allowLoopback ?? false;
  if (isIP(host) && !isPublicAddress(host, allowLoopback)) throw new PageRefused('not a public address');
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      headers: { accept: 'text/html', 'accept-language': 'en', 'user-agent': 'Hearsay link reader', host: url.host },
      agent: false,
      lookup: publicLookup(allowLoopback, () => new PageRefused('not a public address')),
      signal,
    });
    request.once('response', resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readHead(response: IncomingMessage, maxBytes: number): Promise<string | null> {
  try {
    const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const encoding = response.headers['content-encoding'];
    if (response.statusCode !== 200 || type !== 'text/html' || (encoding && encoding !== 'identity')) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      size += chunk.length;
      if (size >= maxBytes || chunk.includes('</head>')) break;
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    response.destroy();
  }
}

/**
 * The head of a web page of an allowed host, read within limits: https only (no other port, no credentials), every
 * host (redirects included, at most 3) on the allow-list and every address it resolves to public, one deadline, and
 * at most `maxBytes` read. Null when the page is not there or not HTML; throws PageRefused for a host or address
 * refused, and an error for a page that could not be read in time.
 */
export async function fetchPageHead(address: string, limits: PageFetchLimits): Promise<string | null> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(address);
  for (let redirects = 0; ; redirects++) {
    const response = await get(url, limits, signal);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return readHead(response, limits.maxBytes);
    response.destroy();
    if (redirects === MAX_REDIRECTS) return null;
    url = new URL(location, url);
  }
}
