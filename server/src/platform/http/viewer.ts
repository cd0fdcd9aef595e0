/** The signed-in person making a request, or null for a visitor. Set by the auth plugin. */
export interface Viewer {
  id: string;
  username: string;
  name: string;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}
