import { randomBytes } from 'node:crypto';
import { constantTimeEqual } from './constant-time-equal';

/** The one-time secret in the login URL the launcher prints (`/?token=…`). */
export interface LoginToken {
  /** 256 random bits, base64url: safe in a URL and a terminal line. */
  readonly token: string;
  /**
   * True exactly once: for the first presentation of the right token. Every later call (right or
   * wrong token) is false, so a URL that leaked after use (history, shoulder, log) opens nothing.
   */
  redeem(presented: string): boolean;
}

export function createLoginToken(token: string = randomBytes(32).toString('base64url')): LoginToken {
  let used = false;
  return {
    token,
    redeem(presented) {
      // Compared even when already used, so the answer's timing says nothing about the state.
      const matches = constantTimeEqual(presented, token);
      if (used || !matches) return false;
      used = true;
      return true;
    },
  };
}
