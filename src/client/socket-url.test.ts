import { describe, expect, it } from 'vitest';
import { sessionSocketUrl } from './socket-url';

describe('sessionSocketUrl', () => {
  it('turns an http origin into ws and an https origin into wss, with the cursor but never the key', () => {
    expect(sessionSocketUrl('http://127.0.0.1:8000', 'abc', -1)).toBe(
      'ws://127.0.0.1:8000/sockets/session/abc?after_seq=-1',
    );
    expect(sessionSocketUrl('https://example.test/', 'abc', 41)).toBe(
      'wss://example.test/sockets/session/abc?after_seq=41',
    );
  });
});
