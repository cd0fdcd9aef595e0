import { describe, expect, it } from 'vitest';
import { formatDuration, formatReleaseDate } from './format.ts';

describe('formatReleaseDate', () => {
  it('shows as much of the date as is known', () => {
    expect(formatReleaseDate('1997-06-16', 'en')).toBe('June 16, 1997');
    expect(formatReleaseDate('1997-06', 'en')).toBe('June 1997');
    expect(formatReleaseDate('1997', 'en')).toBe('1997');
    expect(formatReleaseDate(null, 'en')).toBeNull();
  });
});

describe('formatDuration', () => {
  it('formats minutes and hours', () => {
    expect(formatDuration(245_000)).toBe('4:05');
    expect(formatDuration(3_753_000)).toBe('1:02:33');
    expect(formatDuration(0)).toBe('0:00');
  });
});
