import { parseIpv4 } from './parse-ipv4';
import { parseIpv6 } from './parse-ipv6';

/** IPv4 ranges the sandbox must never reach: [first address, prefix length, why]. */
const FORBIDDEN_IPV4: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, 'this network, includes unspecified 0.0.0.0'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local, includes the cloud metadata address 169.254.169.254'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved, includes broadcast'],
];

/**
 * Whether connecting to `address` (an IP literal, as a resolver returns it) could reach the host, its
 * local network or a cloud metadata service instead of the public internet. Fails closed: anything
 * that does not parse is forbidden. IPv6 forms that embed an IPv4 address (mapped, compatible, NAT64,
 * 6to4) are judged by that address. Pure; never throws.
 */
export function isForbiddenAddress(address: string): boolean {
  const ipv4 = parseIpv4(address);
  if (ipv4 !== undefined) return isForbiddenIpv4(ipv4);
  const groups = parseIpv6(address);
  if (groups === undefined) return true;
  return isForbiddenIpv6(groups);
}

function isForbiddenIpv4(address: number): boolean {
  return FORBIDDEN_IPV4.some(([first, prefix]) => {
    const size = 2 ** (32 - prefix);
    return Math.floor(address / size) === Math.floor((parseIpv4(first) ?? 0) / size);
  });
}

function isForbiddenIpv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedLow = g6 * 65536 + g7;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::ffff:a.b.c.d is IPv4 through the IPv6 API; judge the IPv4 address it maps.
  if (upperZero && g5 === 0xffff) return isForbiddenIpv4(embeddedLow);
  // ::/96 holds :: (unspecified), ::1 (loopback) and the deprecated IPv4-compatible form: none is public.
  if (upperZero && g5 === 0) return true;
  // 64:ff9b::/96 NAT64 hands the embedded IPv4 address to a gateway that would happily reach it.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return isForbiddenIpv4(embeddedLow);
  // 2002::/16 6to4 carries the IPv4 address in bits 16..47.
  if (g0 === 0x2002) return isForbiddenIpv4(g1 * 65536 + g2);
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true; // deprecated site-local fec0::/10
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xff00) === 0xff00) return true; // multicast ff00::/8
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation 2001:db8::/32
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo 2001::/32 hides an IPv4 address, obfuscated
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard 100::/64
  return false;
}
