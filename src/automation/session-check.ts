import type { IncomingHttpHeaders } from 'node:http';
import { SESSION_COOKIE } from '../client/session-cookie';
import { tokenMatches } from './token-matches';

/**
 * Whether a request carries the workbench's session key, as the runtime accepts it: the
 * X-Session-API-Key header (scripts) or the awb_session cookie the ingress set for a browser.
 */
export function hasSessionKey(headers: IncomingHttpHeaders, sessionKey: string): boolean {
  if (tokenMatches(headers['x-session-api-key'], sessionKey)) return true;
  const cookie = (headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (cookie === undefined) return false;
  try {
    return tokenMatches(decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1)), sessionKey);
  } catch {
    return false; // a value that does not decode is no key
  }
}
