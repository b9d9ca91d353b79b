import { isIPv4 } from 'node:net';

/**
 * A dotted-quad IPv4 address as an unsigned 32-bit number, or undefined. Only the strict form node's
 * `isIPv4` accepts: resolvers hand back that form, and the shorthand forms (`127.1`, `0x7f.0.0.1`) are
 * refused as hosts before they get here.
 */
export function parseIpv4(text: string): number | undefined {
  if (!isIPv4(text)) return undefined;
  return text.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}
