import type { ServerResponse } from 'node:http';

/**
 * The page runs only its own scripts (no inline script at all: the ingress injects nothing), talks
 * only to its own origin (fetch and the session socket), and may not be framed. Inline styles stay
 * allowed because React sets `style` attributes; images may come from anywhere because markdown in
 * a transcript shows them (CONTRACT §2). The Preview tab frames apps from the preview origin, whose
 * hosts are all `p<port>-<token>.localhost` on a port the launcher picks: only such frames.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  'frame-src http://*.localhost:*',
  "frame-ancestors 'none'",
].join('; ');

/** Headers for every HTML answer of the ingress (the app's index.html and its own small pages). */
export function setHtmlSecurityHeaders(response: ServerResponse): void {
  response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
}
