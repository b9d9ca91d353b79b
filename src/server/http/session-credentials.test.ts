import { describe, expect, it } from 'vitest';
import { sessionCredentials } from './session-credentials';
import { createSessionKeyCheck } from '../process/session-key';

const check = createSessionKeyCheck('the-key');

describe('sessionCredentials', () => {
  it('accepts the key in the header or in the awb_session cookie', () => {
    expect(sessionCredentials({ 'x-session-api-key': 'the-key' }, check)).toBe('valid');
    expect(sessionCredentials({ cookie: 'other=1; awb_session=the-key' }, check)).toBe('valid');
  });

  it('refuses a wrong key in either place and tells absence apart', () => {
    expect(sessionCredentials({ 'x-session-api-key': 'nope' }, check)).toBe('refused');
    expect(sessionCredentials({ cookie: 'awb_session=nope' }, check)).toBe('refused');
    expect(sessionCredentials({ cookie: 'other=the-key' }, check)).toBe('absent');
    expect(sessionCredentials({}, check)).toBe('absent');
  });
});

describe('createSessionKeyCheck with the automation service key', () => {
  it('accepts either key and nothing else; without an automation key only the session key', () => {
    const both = createSessionKeyCheck('the-key', 'automation-key');
    expect(both('the-key')).toBe(true);
    expect(both('automation-key')).toBe(true);
    expect(both('other')).toBe(false);
    expect(both(undefined)).toBe(false);
    const sessionOnly = createSessionKeyCheck('the-key', '  ');
    expect(sessionOnly('')).toBe(false);
    expect(sessionOnly('the-key')).toBe(true);
  });
});
