/**
 * The cookies the app sets for the server to read (the reader's language and time zone): first-party, kept a year,
 * readable by the app's scripts, sent only to this site (and only over https on an https site).
 */

/** A preference cookie's value, or undefined when this browser has none (or there is no document: the server). */
export function readPreferenceCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(name.length + 1));
}

export function writePreferenceCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
}
