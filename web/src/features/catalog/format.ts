/** "1997-06-16" → "16 June 1997", "1997-06" → "June 1997", "1997" → "1997" in the reader's language. */
export function formatReleaseDate(date: string | null, language: string): string | null {
  if (!date) return null;
  const [year, month, day] = date.split('-').map(Number);
  if (!year) return null;
  if (!month) return String(year);
  const value = new Date(Date.UTC(year, month - 1, day ?? 1));
  return new Intl.DateTimeFormat(
    language,
    day ? { dateStyle: 'long', timeZone: 'UTC' } : { year: 'numeric', month: 'long', timeZone: 'UTC' },
  ).format(value);
}

/** Milliseconds → "4:05" or "1:02:33". */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
