/**
 * The session socket URL for a conversation. `baseUrl` is the HTTP(S) or WS(S) origin the API is
 * served from; empty means "this page's origin" in a browser. The key never goes in the URL.
 */
export function sessionSocketUrl(baseUrl: string, conversationId: string, afterSeq: number): string {
  const origin = baseUrl || (typeof location === 'undefined' ? '' : location.origin);
  if (!origin) throw new Error('sessionSocketUrl: no baseUrl and no page origin');
  const wsOrigin = origin.replace(/^http(s?):/i, 'ws$1:').replace(/\/+$/, '');
  return `${wsOrigin}/sockets/session/${encodeURIComponent(conversationId)}?after_seq=${afterSeq}`;
}
