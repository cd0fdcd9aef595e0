const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago a moment was, in the reader's words: "2 minutes ago", "yesterday", "now" (a moment ahead reads as now). */
export function formatTimeAgo(moment: string | Date, language: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(moment).getTime()) / 1000));
  const words = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (seconds >= size) return words.format(-Math.floor(seconds / size), unit);
  }
  return words.format(seconds < 10 ? 0 : -seconds, 'second');
}
