import type { IncomingMessage, ServerResponse } from 'node:http';
import { constantTimeEqual } from './constant-time-equal';
import { refuseTooLarge } from './ingress-body-limit';
import { readBodyUpTo } from './read-body-up-to';
import { sendJson } from './send-text';
import { clearedSessionCookieHeader, sessionCookieHeader } from './session-cookie-header';

/** A key, in JSON, with room to spare; nothing legitimate comes near it. */
export const AUTH_BODY_LIMIT_BYTES = 4 * 1024;
const TOO_LARGE = { detail: 'Request body is too large' };

/**
 * The ingress's own login endpoints (CONTRACT §2):
 * - `POST /auth/session` `{"key": "…"}` (application/json): right key → 204 and the session cookie;
 *   wrong → 401 `{"detail":"Unauthorized","code":"unauthorized"}`; not JSON → 415; over 4 KiB → 413; bad shape → 400.
 * - `POST /auth/logout` → 204 and a cookie that expires at once.
 * Other paths under /auth are 404, other methods 405. The caller has already checked Host and Origin.
 */
export async function handleAuthRequest(
  request: IncomingMessage,
  response: ServerResponse,
  sessionKey: string,
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://ingress.invalid').pathname;
  if (path !== '/auth/session' && path !== '/auth/logout') {
    return sendJson(response, 404, { detail: 'Not Found' }, request);
  }
  if (request.method !== 'POST') {
    response.setHeader('Allow', 'POST');
    return sendJson(response, 405, { detail: 'Method Not Allowed' }, request);
  }
  if (path === '/auth/logout') return sendNoContent(response, clearedSessionCookieHeader());

  // JSON only: an HTML form cannot send it, one more wall against cross-site posts.
  if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
    return sendJson(response, 415, { detail: 'Send the key as JSON: {"key": "…"}' }, request);
  }
  const body = await readBodyUpTo(request, AUTH_BODY_LIMIT_BYTES);
  if (body === undefined) {
    // Ended once the body is in, as any early answer of the ingress's: a client still writing would
    // otherwise meet a closed connection (a broken pipe, or a 502 from a runtime sending a handed
    // request back).
    return refuseTooLarge(request, response, { bytes: AUTH_BODY_LIMIT_BYTES, tooLarge: TOO_LARGE });
  }
  const key = readKey(body);
  if (key === undefined) return sendJson(response, 400, { detail: 'Send the key as JSON: {"key": "…"}' });
  if (!constantTimeEqual(key, sessionKey))
    return sendJson(response, 401, { detail: 'Unauthorized', code: 'unauthorized' });
  sendNoContent(response, sessionCookieHeader(sessionKey));
}

function readKey(body: Buffer): string | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (value && typeof value === 'object' && 'key' in value && typeof value.key === 'string') {
      return value.key.trim();
    }
  } catch {
    // Not JSON: the 400 below says what to send.
  }
  return undefined;
}

function sendNoContent(response: ServerResponse, cookie: string): void {
  response.statusCode = 204;
  response.setHeader('Set-Cookie', cookie);
  response.setHeader('Cache-Control', 'no-store');
  response.end();
}
