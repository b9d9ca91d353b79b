import { describe, expect, it } from 'vitest';
import { checkSession } from './check-session';

const answering = (status: number) => (async () => new Response('{}', { status })) as typeof fetch;

describe('checkSession', () => {
  it('is signed in on 200 and signed out on 401', async () => {
    expect(await checkSession(answering(200))).toBe('signed-in');
    expect(await checkSession(answering(401))).toBe('signed-out');
  });

  it('is unknown when the runtime is down or the network fails', async () => {
    expect(await checkSession(answering(502))).toBe('unknown');
    expect(await checkSession((async () => Promise.reject(new TypeError('down'))) as typeof fetch)).toBe(
      'unknown',
    );
  });
});
