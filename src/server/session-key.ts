import { createHash, timingSafeEqual } from 'node:crypto';

export const SESSION_KEY_HEADER = 'x-session-api-key';

/**
 * Compares a presented key with the session key in constant time: both are hashed first so the
 * comparison always runs over two equal-length digests, leaking neither content nor length.
 */
export function createSessionKeyCheck(sessionKey: string): (presented: unknown) => boolean {
  const expected = digest(sessionKey);
  return (presented) => typeof presented === 'string' && timingSafeEqual(digest(presented), expected);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
