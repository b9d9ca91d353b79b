import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { SESSION_COOKIE } from '../../client/session-cookie';
import { stripHopByHopHeaders } from '../../runtime/network/strip-hop-by-hop-headers';

/**
 * The headers a previewed app receives: the browser's, without hop-by-hop ones and without the
 * workbench's session cookie (a browser never sends it to the preview origin; a cookie of that name
 * set by the app itself is dropped too, so the app never learns anything named like the key), and
 * with Host as the app would see it opened on its own port.
 */
export function previewRequestHeaders(headers: IncomingHttpHeaders, port: number): OutgoingHttpHeaders {
  const kept = stripHopByHopHeaders(headers);
  const cookies = String(headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && pair.split('=')[0]?.trim() !== SESSION_COOKIE);
  delete kept.cookie;
  if (cookies.length > 0) kept.cookie = cookies.join('; ');
  kept.host = `localhost:${port}`;
  return kept;
}
