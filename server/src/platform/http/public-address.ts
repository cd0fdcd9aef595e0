import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** The guard of every fetch the server makes for a person (review pictures, shared links' pages): public addresses only. */

/** IPv4 ranges that are not the public internet: this network, private, shared (CGNAT), loopback, link-local (cloud metadata), protocol assignments, documentation, 6to4 relays, benchmarking, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
// Inside global unicast: protocol assignments (Teredo among them), documentation and 6to4, which embed or stand for other addresses.
for (const [network, prefix] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}
/** IPv6 outside global unicast (loopback, unique-local, link-local, multicast, IPv4-mapped, NAT64) is refused. */
const GLOBAL_IPV6 = new BlockList();
GLOBAL_IPV6.addSubnet('2000::', 3, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export function isPublicAddress(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  if (allowLoopback && LOOPBACK.check(address, family)) return true;
  if (NOT_PUBLIC.check(address, family)) return false;
  return family === 'ipv4' || GLOBAL_IPV6.check(address, 'ipv6');
}

/**
 * Resolves a host name and hands the connection only addresses that were checked, so the address checked is the
 * address connected to (a second, different DNS answer cannot point the request at an internal service). A name with
 * any address outside the public internet is refused as a whole.
 */
export function publicLookup(allowLoopback: boolean, refused: () => Error): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (addresses.some((entry) => !isPublicAddress(entry.address, allowLoopback))) return callback(refused(), '');
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
