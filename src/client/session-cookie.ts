/**
 * The cookie that carries the session key for a browser (CONTRACT §2, §3). The ingress sets it
 * (HttpOnly, SameSite=Strict, Path=/) after a one-time login URL or POST /auth/session; the runtime
 * accepts it on /api/* and on socket upgrades in place of the X-Session-API-Key header. It lives in
 * src/client because both the launcher and the runtime name it, and neither may import the other.
 */
export const SESSION_COOKIE = 'awb_session';
