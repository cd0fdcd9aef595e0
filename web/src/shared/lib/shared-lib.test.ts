import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.ts';
import { readViewMode } from './view-mode.ts';

describe('passwordStrength', () => {
  it('scores length, uppercase, digit and symbol, labelled and coloured as spec §5 says', () => {
    expect(passwordStrength('')).toMatchObject({ score: 0, label: 'weak', tone: 'danger' });
    expect(passwordStrength('abcdefgh')).toMatchObject({ score: 1, label: 'weak', tone: 'danger' });
    expect(passwordStrength('Abcdefgh')).toMatchObject({ score: 2, label: 'fair', tone: 'warning' });
    expect(passwordStrength('Abcdefg1')).toMatchObject({ score: 3, label: 'good', tone: 'warning' });
    expect(passwordStrength('Abcdef1!')).toMatchObject({ score: 4, label: 'strong', tone: 'success' });
  });

  it('counts characters, not bytes, and knows letters beyond ASCII', () => {
    expect(passwordStrength('Ünïcödé7').checks).toEqual({ length: true, uppercase: true, digit: true, symbol: false });
    expect(passwordStrength('🎵🎵🎵🎵🎵🎵🎵').checks.length).toBe(false);
  });
});

describe('readViewMode', () => {
  const storage = (value: string | null) => ({ getItem: () => value });
  it('restores only exactly "grid" or "list"', () => {
    expect(readViewMode(storage('list'))).toBe('list');
    expect(readViewMode(storage('grid'))).toBe('grid');
    expect(readViewMode(storage('List'))).toBe('grid');
    expect(readViewMode(storage('"list"'))).toBe('grid');
    expect(readViewMode(storage(null))).toBe('grid');
  });

  it('falls back to grid when storage is unavailable', () => {
    expect(
      readViewMode({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('grid');
  });
});
