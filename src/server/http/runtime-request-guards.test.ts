import { describe, expect, it } from 'vitest';
import {
  isAllowedRuntimeOrigin,
  isSocketPath,
  parseAllowedOrigins,
  runtimeHostHeaders,
} from './runtime-request-guards';

describe('runtimeHostHeaders', () => {
  it('is the loopback names with the runtime port, plus the local address it was reached on', () => {
    expect([...runtimeHostHeaders('127.0.0.1', 18000)]).toEqual([
      'localhost:18000',
      '127.0.0.1:18000',
      '[::1]:18000',
    ]);
    expect(runtimeHostHeaders('192.168.1.5', 18000).has('192.168.1.5:18000')).toBe(true);
    expect(runtimeHostHeaders('fd00::5', 18000).has('[fd00::5]:18000')).toBe(true);
  });
});

describe('isAllowedRuntimeOrigin', () => {
  const allowed = parseAllowedOrigins('http://127.0.0.1:8000, http://localhost:8000,junk');

  it('lets an absent Origin and the ingress origins through', () => {
    expect(isAllowedRuntimeOrigin(undefined, allowed)).toBe(true);
    expect(isAllowedRuntimeOrigin('http://localhost:8000', allowed)).toBe(true);
    expect(isAllowedRuntimeOrigin('http://127.0.0.1:8000', allowed)).toBe(true);
  });

  it('refuses every other origin, null included, and everything when none is configured', () => {
    expect(isAllowedRuntimeOrigin('http://evil.test', allowed)).toBe(false);
    expect(isAllowedRuntimeOrigin('http://127.0.0.1:18000', allowed)).toBe(false);
    expect(isAllowedRuntimeOrigin('null', allowed)).toBe(false);
    expect(isAllowedRuntimeOrigin('http://127.0.0.1:8000', parseAllowedOrigins(undefined))).toBe(false);
  });
});

describe('isSocketPath', () => {
  it('is true only under /sockets/', () => {
    expect(isSocketPath('/sockets/session/x?after_seq=1')).toBe(true);
    expect(isSocketPath('/sockets')).toBe(false);
    expect(isSocketPath('/server_info')).toBe(false);
  });
});
