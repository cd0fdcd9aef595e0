import { describe, expect, it } from 'vitest';
import { TRUST_NEW_ACCOUNT_WEIGHT, trustWeight } from './trust-weight.ts';

describe('trust weight', () => {
  const now = new Date('2026-12-06T12:00:00Z');

  it('gives an account made today a hundredth of a member of three months', () => {
    expect(trustWeight('2026-12-06T11:00:00Z', now)).toBeCloseTo(TRUST_NEW_ACCOUNT_WEIGHT, 3);
    expect(trustWeight('2026-09-07T12:00:00Z', now)).toBe(1);
    expect(trustWeight('2020-01-01T00:00:00Z', now)).toBe(1);
  });

  it('grows evenly in between, so fifty accounts made today count for less than one established member', () => {
    expect(trustWeight('2026-10-22T12:00:00Z', now)).toBeCloseTo(0.505, 3);
    const brigade = 50 * trustWeight('2026-12-06T00:00:00Z', now);
    expect(brigade).toBeGreaterThan(0.5);
    expect(brigade).toBeLessThan(1);
  });

  it('treats an unreadable date as a new account rather than a trusted one', () => {
    expect(trustWeight('not a date', now)).toBe(TRUST_NEW_ACCOUNT_WEIGHT);
  });
});
