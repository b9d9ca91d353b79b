import { SESSION_COOKIE } from '../client/session-cookie';

// HttpOnly keeps the key out of every script; SameSite=Strict keeps other sites' requests from
// carrying it. Never Secure: the ingress speaks plain http (on loopback, or --public on a LAN).
const ATTRIBUTES = 'HttpOnly; SameSite=Strict; Path=/';

/** The Set-Cookie value that logs this browser in. The key is URI-encoded: a typed key may hold `;`. */
export function sessionCookieHeader(sessionKey: string): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(sessionKey)}; ${ATTRIBUTES}`;
}

/** The Set-Cookie value that logs this browser out. */
export function clearedSessionCookieHeader(): string {
  return `${SESSION_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;
}
