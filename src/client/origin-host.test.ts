import { describe, expect, it } from 'vitest';
import { hostHeadersFor, LOOPBACK_HOST_NAMES, originHost } from './origin-host';

describe('originHost', () => {
  it('fills in the default port and lower-cases', () => {
    expect(originHost('http://LOCALHOST')).toBe('localhost:80');
    expect(originHost('https://box.lan')).toBe('box.lan:443');
    expect(originHost('http://[::1]:8000')).toBe('[::1]:8000');
  });

  it('refuses null, file and garbage origins', () => {
    expect(originHost('null')).toBeUndefined();
    expect(originHost('file:///etc')).toBeUndefined();
    expect(originHost('not a url')).toBeUndefined();
  });
});

describe('hostHeadersFor', () => {
  it('pairs each loopback name with the port and brackets bare IPv6', () => {
    expect([...hostHeadersFor(LOOPBACK_HOST_NAMES, 9)]).toEqual(['localhost:9', '127.0.0.1:9', '[::1]:9']);
    expect([...hostHeadersFor(['fd00::5'], 8000)]).toEqual(['[fd00::5]:8000']);
  });
});
