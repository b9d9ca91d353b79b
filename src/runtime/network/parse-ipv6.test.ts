import { describe, expect, it } from 'vitest';
import { parseIpv6 } from './parse-ipv6';

describe('parseIpv6', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['fe80::1', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['1::8', [1, 0, 0, 0, 0, 0, 0, 8]],
    ['::ffff:127.0.0.1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
  ])('expands %s', (text, groups) => {
    expect(parseIpv6(text)).toEqual(groups);
  });

  it.each(['1.2.3.4', 'fe80::1%eth0', '1:::2', 'g::1', ''])('rejects %s', (text) => {
    expect(parseIpv6(text)).toBeUndefined();
  });
});
