import type { IncomingHttpHeaders } from 'node:http';
import { SESSION_COOKIE } from '../../client/session-cookie';
import { readCookie } from './read-cookie';
import { SESSION_KEY_HEADER } from '../process/session-key';

/**
 * What a request says about the session key: `valid` when the X-Session-API-Key header or the
 * awb_session cookie holds it, `refused` when one of them is there but neither is right, `absent`
 * when there is neither (a socket then waits for its auth frame). `check` compares in constant time.
 */
export function sessionCredentials(
  headers: IncomingHttpHeaders,
  check: (presented: unknown) => boolean,
): 'valid' | 'refused' | 'absent' {
  const header = headers[SESSION_KEY_HEADER];
  const cookie = readCookie(headers.cookie, SESSION_COOKIE);
  if (check(header) || check(cookie)) return 'valid';
  return header === undefined && cookie === undefined ? 'absent' : 'refused';
}
