import { endpoint } from './endpoint.ts';
import { errorResponses } from './errors.ts';
import { PageQuerySchema } from './pagination.ts';
import { PersonPageSchema } from './profiles.ts';

const tags = ['blocks'];

/** Settings → Privacy: the people you blocked or muted, newest first, each with a way to undo it. */
export const blocksEndpoints = {
  blocked: endpoint({
    method: 'GET',
    path: '/api/me/blocked',
    access: 'members',
    tags,
    summary: 'The people you blocked, newest first',
    query: PageQuerySchema,
    responses: { 200: PersonPageSchema, ...errorResponses(400, 401) },
  }),
  muted: endpoint({
    method: 'GET',
    path: '/api/me/muted',
    access: 'members',
    tags,
    summary: 'The people you muted, newest first',
    query: PageQuerySchema,
    responses: { 200: PersonPageSchema, ...errorResponses(400, 401) },
  }),
};
