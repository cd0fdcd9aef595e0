import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Only re-encoded images are ever stored under uploads/; anything else is refused rather than served. */
const IMAGE_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** The public address of a file stored under DATA_DIR/uploads (a stored relative path), or null for none. */
export function uploadUrl(relativePath: string | null | undefined): string | null {
  return relativePath ? `/uploads/${relativePath}` : null;
}

/**
 * Serves DATA_DIR/uploads at /uploads/ on the same port: images only, never sniffed, never run as a
 * page (their own locked-down CSP), cached for a day. File names are server-generated.
 */
export async function registerUploads(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = join(dataDir, 'uploads');
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    wildcard: true,
    allowedPath: (path) => Object.keys(IMAGE_TYPES).some((extension) => path.toLowerCase().endsWith(extension)),
    setHeaders(reply) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('cache-control', 'public, max-age=86400');
    },
  });
}
