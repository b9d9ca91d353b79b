import { describe, expect, it } from 'vitest';
import {
  allowedHostHeaders,
  allowedOrigins,
  isAllowedHost,
  isAllowedOrigin,
  needsOriginCheck,
} from './ingress-guards';

describe('allowedHostHeaders', () => {
  it('accepts the loopback names with our port only', () => {
    const allowed = allowedHostHeaders({ host: '127.0.0.1', port: 8123, public: false });
    expect(isAllowedHost('localhost:8123', allowed)).toBe(true);
    expect(isAllowedHost('127.0.0.1:8123', allowed)).toBe(true);
    expect(isAllowedHost('[::1]:8123', allowed)).toBe(true);
    expect(isAllowedHost('LOCALHOST:8123', allowed)).toBe(true);
    expect(isAllowedHost('localhost:8000', allowed)).toBe(false);
    expect(isAllowedHost('localhost', allowed)).toBe(false);
    expect(isAllowedHost('evil.test:8123', allowed)).toBe(false);
    expect(isAllowedHost(undefined, allowed)).toBe(false);
  });

  it('adds --host only when public', () => {
    const local = allowedHostHeaders({ host: 'box.lan', port: 8000, public: false });
    const open = allowedHostHeaders({ host: 'box.lan', port: 8000, public: true });
    expect(isAllowedHost('box.lan:8000', local)).toBe(false);
    expect(isAllowedHost('box.lan:8000', open)).toBe(true);
    expect(isAllowedHost('evil.test:8000', open)).toBe(false);
  });

  it('brackets an IPv6 --host the way browsers send it', () => {
    const open = allowedHostHeaders({ host: 'fd00::5', port: 8000, public: true });
    expect(isAllowedHost('[fd00::5]:8000', open)).toBe(true);
  });
});

describe('needsOriginCheck', () => {
  it('checks upgrades and mutating methods, not reads', () => {
    expect(needsOriginCheck('GET', true)).toBe(true);
    expect(needsOriginCheck('POST', false)).toBe(true);
    expect(needsOriginCheck('PATCH', false)).toBe(true);
    expect(needsOriginCheck('DELETE', false)).toBe(true);
    expect(needsOriginCheck('GET', false)).toBe(false);
    expect(needsOriginCheck('HEAD', false)).toBe(false);
    expect(needsOriginCheck('OPTIONS', false)).toBe(false);
  });
});

describe('isAllowedOrigin', () => {
  it('allows a missing Origin', () => {
    expect(isAllowedOrigin(undefined, 'localhost:8000')).toBe(true);
  });
  it('allows our own origin', () => {
    expect(isAllowedOrigin('http://localhost:8000', 'localhost:8000')).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:8000', '127.0.0.1:8000')).toBe(true);
  });
  it('refuses another site, another port, another loopback name and null', () => {
    expect(isAllowedOrigin('http://evil.test', 'localhost:8000')).toBe(false);
    expect(isAllowedOrigin('http://localhost:9000', 'localhost:8000')).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:8000', 'localhost:8000')).toBe(false);
    expect(isAllowedOrigin('null', 'localhost:8000')).toBe(false);
    expect(isAllowedOrigin('file://', 'localhost:8000')).toBe(false);
  });
  it('uses the scheme default port when the Origin names none', () => {
    expect(isAllowedOrigin('http://localhost', 'localhost:80')).toBe(true);
  });
});

describe('allowedOrigins', () => {
  it('names the http origin of every accepted Host, for the runtime to accept too', () => {
    const hosts = allowedHostHeaders({ host: '127.0.0.1', port: 8123, public: false });
    expect(allowedOrigins(hosts)).toEqual([
      'http://localhost:8123',
      'http://127.0.0.1:8123',
      'http://[::1]:8123',
    ]);
  });
});

describe('isAllowedOrigin with --allow-origin', () => {
  const canvas = ['http://127.0.0.1:3001'];

  it("accepts exactly the given origins beside the ingress's own", () => {
    expect(isAllowedOrigin('http://127.0.0.1:3001', 'localhost:8000', canvas)).toBe(true);
    expect(isAllowedOrigin('http://localhost:8000', 'localhost:8000', canvas)).toBe(true);
  });

  it('refuses look-alikes: another scheme, port, name, a path or user name, null', () => {
    for (const origin of [
      'https://127.0.0.1:3001',
      'http://127.0.0.1:3002',
      'http://localhost:3001',
      'http://127.0.0.1:3001/x',
      'http://a@127.0.0.1:3001',
      'null',
    ]) {
      expect(isAllowedOrigin(origin, 'localhost:8000', canvas), origin).toBe(false);
    }
  });
});
