import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/** Where a request came from, as far as telling one person's accounts apart goes (decision 058). */
export interface ClientOrigin {
  /** The device cookie's id, when the browser sent one. */
  deviceId: string | null;
  /** The client address's network (IPv4 /24, IPv6 /48): what one household or one small provider block shares. */
  addressPrefix: string | null;
}

/** Reads a request's origin; app.ts makes it, since the device cookie is the accounts module's. */
export type OriginOf = (request: FastifyRequest) => ClientOrigin;

/** The network of an address: IPv4 /24, IPv6 /48 (an IPv4-mapped IPv6 address counts as IPv4); null when unreadable. */
export function addressPrefix(address: string | undefined): string | null {
  if (!address || !ipaddr.isValid(address)) return null;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = parsed.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16));
  return `${parts.join(':')}::/48`;
}
