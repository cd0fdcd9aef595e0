import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCalendarDate, formatDate } from './format-date.ts';

// Noon UTC is the same calendar day in every time zone from UTC−11 to UTC+11.
const NOON = '2024-03-05T12:00:00Z';

describe('formatDate', () => {
  it('shows a moment as a date, a date and time, or a year', () => {
    expect(formatDate(NOON, 'en')).toBe('Mar 5, 2024');
    expect(formatDate(new Date(NOON), 'en', 'date')).toBe('Mar 5, 2024');
    expect(formatDate(NOON, 'en', 'dateTime')).toMatch(/^Mar 5, 2024, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatDate(NOON, 'en', 'year')).toBe('2024');
  });

  it('follows the reader’s language', () => {
    expect(formatDate(NOON, 'es')).toBe('5 mar 2024');
    expect(formatDate(NOON, 'fr')).toBe('5 mars 2024');
    expect(formatDate(NOON, 'de')).toBe('05.03.2024');
    expect(formatDate(NOON, 'ja')).toBe('2024/03/05');
  });
});

describe('formatCalendarDate', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('shows as much of the date as is known', () => {
    expect(formatCalendarDate('1997-06-16', 'en')).toBe('June 16, 1997');
    expect(formatCalendarDate('1997-06', 'en')).toBe('June 1997');
    expect(formatCalendarDate('1997', 'en')).toBe('1997');
    expect(formatCalendarDate('1997-06-16', 'en', 'medium')).toBe('Jun 16, 1997');
    expect(formatCalendarDate('1997-06', 'en', 'medium')).toBe('Jun 1997');
  });

  it('has nothing to show without a date', () => {
    expect(formatCalendarDate(null, 'en')).toBeNull();
    expect(formatCalendarDate('', 'en')).toBeNull();
    expect(formatCalendarDate('unknown', 'en')).toBeNull();
  });

  it('keeps the day that was meant west of Greenwich', () => {
    vi.stubEnv('TZ', 'Pacific/Honolulu');
    expect(formatCalendarDate('2024-03-01', 'en', 'medium')).toBe('Mar 1, 2024');
    expect(formatCalendarDate('2024-03', 'en')).toBe('March 2024');
  });

  it('follows the reader’s language', () => {
    expect(formatCalendarDate('2024-03', 'es')).toBe('marzo de 2024');
    expect(formatCalendarDate('2024-03', 'de')).toBe('März 2024');
    expect(formatCalendarDate('2024-03', 'ja')).toBe('2024年3月');
  });
});
