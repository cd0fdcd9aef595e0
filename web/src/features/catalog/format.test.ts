import { describe, expect, it } from 'vitest';
import { formatDuration } from './format.ts';

describe('formatDuration', () => {
  it('formats minutes and hours', () => {
    expect(formatDuration(245_000)).toBe('4:05');
    expect(formatDuration(3_753_000)).toBe('1:02:33');
    expect(formatDuration(0)).toBe('0:00');
  });
});
