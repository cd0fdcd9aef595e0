/**
 * Dates as people read them, in the reader's language (pass the current i18next language). Hearsay has two kinds:
 * moments (ISO timestamps: when something was rated, written or connected), shown in the reader's time zone, and
 * calendar dates ("1997", "1997-06", "1997-06-16": a release, the day of a listen), which have no time of day and
 * are formatted in UTC so that no time zone moves them to the day before.
 */

export type MomentStyle = 'date' | 'dateTime' | 'year';
export type CalendarStyle = 'medium' | 'long';

const MOMENT_OPTIONS: Record<MomentStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  year: { year: 'numeric' },
};

const CALENDAR_OPTIONS: Record<'day' | 'month' | 'year', Record<CalendarStyle, Intl.DateTimeFormatOptions>> = {
  day: { medium: { dateStyle: 'medium' }, long: { dateStyle: 'long' } },
  month: { medium: { year: 'numeric', month: 'short' }, long: { year: 'numeric', month: 'long' } },
  year: { medium: { year: 'numeric' }, long: { year: 'numeric' } },
};

const CALENDAR_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/;

// Building a formatter costs far more than using one, and a list formats dozens of dates in one render.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(language, options);
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * A moment in a time zone: "Mar 5, 2024" (date), "Mar 5, 2024, 2:30 PM" (dateTime) or "2024" (year). Pages format
 * moments with `useFormatDate`, which passes the reader's zone (the one the server rendered the page in, while the
 * browser takes it over); without one, the runtime's own zone.
 */
export function formatDate(moment: string | Date, language: string, style: MomentStyle = 'date', timeZone?: string): string {
  return formatter(language, timeZone ? { ...MOMENT_OPTIONS[style], timeZone } : MOMENT_OPTIONS[style]).format(new Date(moment));
}

/**
 * A calendar date to the precision it is known: "June 16, 1997", "June 1997" or "1997" (long), "Jun 16, 1997" or
 * "Jun 1997" (medium). Null when there is no date.
 */
export function formatCalendarDate(date: string | null, language: string, style: CalendarStyle = 'long'): string | null {
  const match = CALENDAR_DATE.exec(date ?? '');
  if (!match) return null;
  const [, year, month, day] = match;
  const precision = day ? 'day' : month ? 'month' : 'year';
  const value = new Date(Date.UTC(Number(year), Number(month ?? 1) - 1, Number(day ?? 1)));
  return formatter(language, { ...CALENDAR_OPTIONS[precision][style], timeZone: 'UTC' }).format(value);
}
