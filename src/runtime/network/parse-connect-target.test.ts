import { describe, expect, it } from 'vitest';
import { parseConnectTarget } from './parse-connect-target';

describe('parseConnectTarget', () => {
  it.each([
    ['registry.npmjs.org:443', { host: 'registry.npmjs.org', port: 443 }],
    ['GitHub.com.:443', { host: 'github.com', port: 443 }],
    ['[::1]:443', { host: '::1', port: 443 }],
    ['[2606:4700::1111]:8443', { host: '2606:4700::1111', port: 8443 }],
    ['10.0.0.1:80', { host: '10.0.0.1', port: 80 }],
  ])('reads %s', (authority, expected) => {
    expect(parseConnectTarget(authority)).toEqual(expected);
  });

  it.each([
    ['pypi.org', 'no port'],
    ['pypi.org:', 'empty port'],
    ['pypi.org:0', 'port zero'],
    ['pypi.org:65536', 'port too large'],
    ['pypi.org:443:1', 'two ports'],
    ['::1:443', 'IPv6 without brackets'],
    ['[pypi.org]:443', 'a name in brackets'],
    ['[fe80::1%eth0]:443', 'a zone id'],
    ['pypi org:443', 'a space'],
    ['http://pypi.org:443', 'a URL instead of an authority'],
    ['', 'empty'],
  ])('rejects %s (%s)', (authority) => {
    expect(parseConnectTarget(authority)).toBeUndefined();
  });
});
