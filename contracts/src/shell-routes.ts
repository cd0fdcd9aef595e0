/**
 * Method and path of the endpoints the web app's shell calls before any contract has loaded (who is signed in, their
 * settings and standing, signing out). Free of zod, so the entry script can name them; the endpoint declarations
 * spread these, so each path is written once.
 */
export const shellRoutes = {
  me: { method: 'GET', path: '/api/me' },
  signOut: { method: 'POST', path: '/api/auth/sign-out' },
  standing: { method: 'GET', path: '/api/me/standing' },
  settings: { method: 'GET', path: '/api/me/settings' },
  updateSettings: { method: 'PATCH', path: '/api/me/settings' },
} as const;
