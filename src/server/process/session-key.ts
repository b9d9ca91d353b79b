import { createHash, timingSafeEqual } from 'node:crypto';

export const SESSION_KEY_HEADER = 'x-session-api-key';
/** The automation service's own key for calling the runtime, set by the launcher for both processes. */
export const AUTOMATION_KEY_ENV = 'AGENT_WORKBENCH_AUTOMATION_KEY';

/**
 * Compares a presented key with the session key (and, when given, the automation service's key) in
 * constant time: both are hashed first so the comparison always runs over two equal-length digests,
 * leaking neither content nor length. Every accepted key is compared, whichever matches.
 */
export function createSessionKeyCheck(
  sessionKey: string,
  automationKey?: string | undefined,
): (presented: unknown) => boolean {
  const expected = [sessionKey, automationKey?.trim()].filter((key): key is string => !!key).map(digest);
  return (presented) => {
    if (typeof presented !== 'string') return false;
    const given = digest(presented);
    return expected.map((key) => timingSafeEqual(given, key)).includes(true);
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
