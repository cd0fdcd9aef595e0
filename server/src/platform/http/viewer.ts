/** The signed-in person making a request, or null for a visitor. Set by the auth plugin. */
export interface Viewer {
  id: string;
  username: string;
  name: string;
  email: string;
  /** The session cookie's session; empty for a request authenticated by an access token. */
  sessionId: string;
}

/** The personal access token a request was authenticated by (`Authorization: Bearer hsy_…`). */
export interface RequestToken {
  id: string;
  scopes: readonly ('read' | 'write')[];
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    /** Set when the request was authenticated by an access token: then cookies are ignored. */
    accessToken: RequestToken | null;
  }
}
