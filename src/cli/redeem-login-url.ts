import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoginToken } from './login-token';
import { sessionCookieHeader } from './session-cookie-header';

/**
 * The one-time login URL (`/any/spa/path?token=…`). Answers and returns true when the request carries
 * a token: a valid, unused one is exchanged for the session cookie; any other gets no cookie (the page
 * then shows the key screen). Either way a 303 sends the browser to the same path without the token,
 * so the token leaves the address bar and the history at once. Returns false (untouched) otherwise.
 */
export function redeemLoginUrl(
  request: IncomingMessage,
  response: ServerResponse,
  options: { loginToken: LoginToken | undefined; sessionKey: string },
): boolean {
  const url = new URL(request.url ?? '/', 'http://ingress.invalid');
  const presented = url.searchParams.get('token');
  if (presented === null) return false;
  // Only a GET spends the token: a HEAD (a link checker, a preview) must not use up a person's login.
  if (request.method === 'GET' && options.loginToken?.redeem(presented)) {
    response.setHeader('Set-Cookie', sessionCookieHeader(options.sessionKey));
  }
  url.searchParams.delete('token');
  response.statusCode = 303;
  response.setHeader('Location', sameSiteLocation(url));
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.end();
  return true;
}

/** Path and query only; leading slashes collapsed so `//evil.test/` cannot become an open redirect. */
function sameSiteLocation(url: URL): string {
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}`;
}
