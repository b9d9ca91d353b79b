import { isIPv6 } from 'node:net';
import { parseIpv4 } from './parse-ipv4';

/**
 * An IPv6 address as its eight 16-bit groups, or undefined. Handles `::` compression and a dotted IPv4
 * tail (`::ffff:127.0.0.1`); a zone id (`%eth0`) makes it undefined, so callers fail closed.
 */
export function parseIpv6(text: string): number[] | undefined {
  if (!isIPv6(text) || text.includes('%')) return undefined;
  const [head = '', tail] = text.split('::');
  const headGroups = parseGroups(head);
  const tailGroups = tail === undefined ? [] : parseGroups(tail);
  if (headGroups === undefined || tailGroups === undefined) return undefined;
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...headGroups, ...new Array<number>(tail === undefined ? 0 : missing).fill(0), ...tailGroups];
}

function parseGroups(text: string): number[] | undefined {
  if (text === '') return [];
  const groups: number[] = [];
  for (const part of text.split(':')) {
    if (part.includes('.')) {
      const embedded = parseIpv4(part);
      if (embedded === undefined) return undefined;
      groups.push(Math.floor(embedded / 65536), embedded % 65536);
    } else {
      groups.push(Number.parseInt(part, 16));
    }
  }
  return groups;
}
