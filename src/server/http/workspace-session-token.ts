import { createHmac, timingSafeEqual } from 'node:crypto';

/** Upstream's name for the cookie that lets `<img>`/`<iframe>` read a conversation's workspace files. */
export const WORKSPACE_SESSION_COOKIE = 'oh_workspace_session_key';
/** How long one minted cookie reads files: a working day, then the front end mints another. */
export const WORKSPACE_SESSION_SECONDS = 12 * 60 * 60;

const VERSION = 'ws1';

export interface WorkspaceSessionTokens {
  /** A fresh token, valid WORKSPACE_SESSION_SECONDS from now. */
  mint(): string;
  /** True only for a token minted by this key that has not expired; never throws. */
  verify(token: string | undefined): boolean;
}

/**
 * Tokens for the workspace-session cookie. Upstream puts the session key itself in the cookie; here
 * the cookie holds `ws1.<expiry>.<HMAC of the expiry under the session key>`, so a page that reads it
 * (it is HttpOnly, but a log or a proxy may) learns no key, it opens nothing but the workspace file
 * routes, and it stops working at its expiry. `now` is injected so expiry is testable.
 */
export function createWorkspaceSessionTokens(
  sessionKey: string,
  now: () => number = Date.now,
): WorkspaceSessionTokens {
  const sign = (expiry: string) =>
    createHmac('sha256', sessionKey).update(`workspace-session\0${expiry}`).digest('base64url');
  return {
    mint() {
      const expiry = String(Math.floor(now() / 1000) + WORKSPACE_SESSION_SECONDS);
      return `${VERSION}.${expiry}.${sign(expiry)}`;
    },
    verify(token) {
      if (typeof token !== 'string' || token.length > 200) return false;
      const [version, expiry, signature, ...rest] = token.split('.');
      if (version !== VERSION || rest.length > 0 || expiry === undefined || signature === undefined)
        return false;
      if (!/^\d{1,12}$/.test(expiry) || Number(expiry) * 1000 <= now()) return false;
      const expected = Buffer.from(sign(expiry));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
