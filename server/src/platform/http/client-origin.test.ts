import { describe, expect, it } from 'vitest';
import { addressPrefix } from './client-origin.ts';

describe('addressPrefix', () => {
  it('takes an IPv4 address to its /24 and an IPv6 one to its /48, a mapped IPv4 address as IPv4', () => {
    expect(addressPrefix('203.0.113.7')).toBe('203.0.113.0/24');
    expect(addressPrefix('203.0.113.250')).toBe(addressPrefix('203.0.113.7'));
    expect(addressPrefix('203.0.114.7')).not.toBe(addressPrefix('203.0.113.7'));
    expect(addressPrefix('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(addressPrefix('2001:db8:1234:5678::1')).toBe('2001:db8:1234::/48');
    expect(addressPrefix('2001:0db8:1234:ffff:1:2:3:4')).toBe('2001:db8:1234::/48');
    expect(addressPrefix('2001:db8:1235::1')).not.toBe(addressPrefix('2001:db8:1234::1'));
  });

  it('answers null for what is not an address', () => {
    expect(addressPrefix(undefined)).toBeNull();
    expect(addressPrefix('')).toBeNull();
    expect(addressPrefix('not an address')).toBeNull();
  });
});
