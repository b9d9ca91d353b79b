import { describe, expect, it } from 'vitest';
import { sessionCredentials } from './session-credentials';
import { createSessionKeyCheck } from './session-key';

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
