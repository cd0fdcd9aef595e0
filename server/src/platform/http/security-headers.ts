import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers on every response, computed once at start and set with one call per request
 * (the same set a general-purpose helmet would send, without its per-request work). Scripts only
 * from our own origin; no plugins, no <base>, no framing. Inline styles are allowed because the UI
 * libraries set style attributes. Images only from our own origin (and data:/blob: URLs made in the
 * page): covers are cached here and pictures from other sites in reviews come through the image
 * proxy, so no reader's browser contacts another host. Routes that serve other content (SVG covers,
 * uploads, proxied pictures) set their own, stricter Content-Security-Policy, which replaces this one.
 */
function securityHeaders(config: Pick<Config, 'secureCookies'>): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // HSTS only makes sense when the site is served over https.
    ...(config.secureCookies ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * The site's Content-Security-Policy. A page may also run the inline scripts of its own template whose hashes it names
 * (`'sha256-…'`, computed from the built page as the server starts): a script is allowed by its exact text, so markup
 * injected into a page still runs nothing.
 */
export function contentSecurityPolicy(config: Pick<Config, 'secureCookies'>, inlineScriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(config.secureCookies ? ['upgrade-insecure-requests'] : []),
  ].join(';');
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
