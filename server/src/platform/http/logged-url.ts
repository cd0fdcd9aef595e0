/**
 * What the logs keep of a request's address. Links mailed to people carry their secret in the query string (a
 * password reset's `secret`, an e-mail confirmation's or an unsubscribe link's `token`), as does a provider's sign-in
 * callback (`code`, `state`): anyone who reads the logs could use them. Their values are replaced; the rest of the
 * address stays, so a line still says which page or route was asked for.
 */
const SECRET_PARAMETERS = new Set(['secret', 'token', 'code', 'state', 'password', 'key']);

const REDACTED = '[redacted]';

export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A name that does not decode is kept as sent.
      }
      return equals >= 0 && SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query)}?${parameters.join('&')}`;
}

/** Fastify's request serializer for the logs, with the address as `loggedUrl` keeps it. */
export function loggedRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
