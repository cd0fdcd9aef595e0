import { AsyncLocalStorage } from 'node:async_hooks';

/** The signed-in person making a request, or null for a visitor. Set by the auth plugin. */
export interface Viewer {
  id: string;
  username: string;
  name: string;
  email: string;
  /** The session cookie's session; empty for a request authenticated by an access token. */
  sessionId: string;
  /**
   * The person's sanction as read with their session (null: none), so the sanction guard need not read it again;
   * absent when the session was resolved another way, and then the guard reads it.
   */
  sanction?: ViewerSanction | null;
}

/** A suspension or ban as stored: whether it still holds is for the moderation module to judge. */
export interface ViewerSanction {
  kind: 'suspended' | 'banned';
  reason: string;
  until: string | null;
}

/** The personal access token a request was authenticated by (`Authorization: Bearer hsy_…`). */
export interface RequestToken {
  id: string;
  scopes: readonly ('read' | 'write' | 'listens:write')[];
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    /** Set when the request was authenticated by an access token: then cookies are ignored. */
    accessToken: RequestToken | null;
  }
}

const pageReads = new AsyncLocalStorage<{ viewer: Viewer | null }>();

/**
 * Runs `reads` as the API calls of a page rendered inside the server, for the viewer its own request already
 * resolved: those calls take that person instead of resolving the same session cookie once each. Only code in this
 * process can enter it; a request from outside never runs inside it.
 */
export function readForPage<T>(viewer: Viewer | null, reads: () => T): T {
  return pageReads.run({ viewer }, reads);
}

/** The viewer of the page whose API call this request is, when it is one (see `readForPage`). */
export function pageReadViewer(): { viewer: Viewer | null } | undefined {
  return pageReads.getStore();
}
