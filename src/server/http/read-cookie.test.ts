import { describe, expect, it } from 'vitest';
import { readCookie } from './read-cookie';

describe('readCookie', () => {
  it('finds one cookie among several and decodes it', () => {
    expect(readCookie('a=1; awb_session=k%3By; b=2', 'awb_session')).toBe('k;y');
    expect(readCookie('awb_session="quoted"', 'awb_session')).toBe('quoted');
  });

  it('is undefined when absent, misnamed or undecodable', () => {
    expect(readCookie(undefined, 'awb_session')).toBeUndefined();
    expect(readCookie('xawb_session=1; awb_sessionx=2', 'awb_session')).toBeUndefined();
    expect(readCookie('awb_session=%E0%A4%A', 'awb_session')).toBeUndefined();
  });

  it('takes the first of repeated names', () => {
    expect(readCookie('awb_session=first; awb_session=second', 'awb_session')).toBe('first');
  });
});
