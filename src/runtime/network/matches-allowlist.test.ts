import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWLIST } from '../sandbox/default-allowlist';
import { matchesAllowlist } from './matches-allowlist';

describe('matchesAllowlist', () => {
  const list = ['pypi.org', '*.npmjs.org', '.crates.io', '203.0.113.7', '[2001:db8::1]'];

  it.each([
    ['pypi.org', true, 'exact entry'],
    ['PyPI.ORG.', true, 'case and one trailing dot are ignored'],
    ['www.pypi.org', false, 'an exact entry does not cover subdomains'],
    ['registry.npmjs.org', true, '*. covers a subdomain'],
    ['a.b.npmjs.org', true, '*. covers deeper subdomains'],
    ['npmjs.org', false, '*. does not cover the apex'],
    ['evilnpmjs.org', false, 'a suffix must start at a label boundary'],
    ['npmjs.org.evil.com', false, 'the allowed name as a prefix is not enough'],
    ['crates.io', true, '. covers the apex'],
    ['static.crates.io', true, '. covers subdomains'],
    ['203.0.113.7', true, 'an IP literal listed exactly'],
    ['203.0.113.8', false, 'another IP literal'],
    ['2001:db8::1', true, 'IPv6 entries may be bracketed'],
    ['[2001:DB8::1]', true, 'hosts may be bracketed'],
    ['', false, 'empty host'],
    ['pypi.org\r\nx', false, 'control characters never match'],
    ['pypi..org', false, 'empty labels are invalid'],
  ])('%s → %s (%s)', (host, expected) => {
    expect(matchesAllowlist(host, list)).toBe(expected);
  });

  it('never lets a wildcard match an IP literal', () => {
    expect(matchesAllowlist('1.2.3.4', ['*.4', '.3.4'])).toBe(false);
  });

  it('covers the hosts package managers use by default', () => {
    for (const host of [
      'registry.npmjs.org',
      'files.pythonhosted.org',
      'objects.githubusercontent.com',
      'github.com',
    ]) {
      expect(matchesAllowlist(host, DEFAULT_ALLOWLIST)).toBe(true);
    }
    expect(matchesAllowlist('example.com', DEFAULT_ALLOWLIST)).toBe(false);
    expect(matchesAllowlist('metadata.google.internal', DEFAULT_ALLOWLIST)).toBe(false);
  });
});
