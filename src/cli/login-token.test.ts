import { describe, expect, it, vi } from 'vitest';
import * as constantTime from './constant-time-equal';
import { createLoginToken } from './login-token';

describe('createLoginToken', () => {
  it('makes a fresh 256-bit URL-safe token each time', () => {
    const first = createLoginToken().token;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createLoginToken().token).not.toBe(first);
  });

  it('redeems the right token exactly once', () => {
    const login = createLoginToken('right');
    expect(login.redeem('right')).toBe(true);
    expect(login.redeem('right')).toBe(false);
  });

  it('refuses a wrong token and stays redeemable for the right one', () => {
    const login = createLoginToken('right');
    expect(login.redeem('wrong')).toBe(false);
    expect(login.redeem('righ')).toBe(false);
    expect(login.redeem('')).toBe(false);
    expect(login.redeem('right')).toBe(true);
  });
});

describe('constantTimeEqual', () => {
  it('compares equal-length digests, whatever the lengths of the inputs', () => {
    expect(constantTime.constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTime.constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTime.constantTimeEqual('a', 'a much longer secret')).toBe(false);
  });

  it('is what the token check uses, also after the token was spent', () => {
    const spy = vi.spyOn(constantTime, 'constantTimeEqual');
    const login = createLoginToken('right');
    login.redeem('right');
    login.redeem('right');
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });
});
