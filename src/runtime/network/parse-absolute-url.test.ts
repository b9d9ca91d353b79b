import { describe, expect, it } from 'vitest';
import { parseAbsoluteUrl } from './parse-absolute-url';

describe('parseAbsoluteUrl', () => {
  it('reads host, default port, path and query', () => {
    expect(parseAbsoluteUrl('http://Deb.Debian.org/debian/dists?x=1')).toEqual({
      host: 'deb.debian.org',
      port: 80,
      path: '/debian/dists?x=1',
      hostHeader: 'deb.debian.org',
    });
  });

  it('keeps an explicit port in the Host header and brackets IPv6', () => {
    expect(parseAbsoluteUrl('http://[::1]:8080/')).toEqual({
      host: '::1',
      port: 8080,
      path: '/',
      hostHeader: '[::1]:8080',
    });
  });

  it('drops user info instead of forwarding it', () => {
    expect(parseAbsoluteUrl('http://user:secret@pypi.org/simple/')).toMatchObject({
      host: 'pypi.org',
      path: '/simple/',
    });
  });

  it.each([
    ['/index.html', 'origin form: the client did not mean a proxy'],
    ['https://pypi.org/', 'https goes through CONNECT'],
    ['ftp://pypi.org/', 'other schemes'],
    ['http://', 'no host'],
    ['http://exa mple.com/', 'a space in the host'],
  ])('rejects %s (%s)', (target) => {
    expect(parseAbsoluteUrl(target)).toBeUndefined();
  });
});
