import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a presented secret equals the expected one, in time that depends on neither: both are
 * hashed to equal-length digests before the constant-time comparison.
 */
export function tokenMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  return timingSafeEqual(sha256(presented), sha256(expected));
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
