// Without zod, so the web app's header can tell a handle of another site from words to search for (decision 035).

/** `@name@example.com` or `name@example.com`: an account on another site (WebFinger). */
export const REMOTE_HANDLE_PATTERN = /^@?([A-Za-z0-9_.~-]{1,64})@([A-Za-z0-9.-]{1,253}(?::\d{1,5})?)$/;

/** Whether a search's text names an account of another site (`@bob@example.com`) or an actor's https address. */
export function looksRemote(query: string): boolean {
  const text = query.trim();
  return REMOTE_HANDLE_PATTERN.test(text) || /^https?:\/\/\S+$/i.test(text);
}
