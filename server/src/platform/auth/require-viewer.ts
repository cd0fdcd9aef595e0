import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import type { Viewer } from '../http/viewer.ts';

/** The signed-in person, or a 401 for a visitor: the first line of every members-only route. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}
