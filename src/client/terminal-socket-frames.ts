/**
 * The person's terminal socket (GET /sockets/terminal/{conversation_id}?offset=N), one definition for
 * the runtime and the page. Client frames: keystrokes as xterm.js gives them, and the terminal's size.
 */
export type TerminalClientFrame =
  | { type: 'input'; data: string }
  | { type: 'resize'; cols: number; rows: number };

/**
 * Server frames. `output`: pty text starting at character `offset` of the terminal's output (reconnect
 * with `?offset=<offset + data.length>` to go on exactly there); `missed` characters were no longer
 * kept. `exit`: the shell ended (a keystroke starts a new one). `error`: why no shell runs.
 */
export type TerminalServerFrame =
  | { type: 'output'; offset: number; data: string; missed?: number }
  | { type: 'exit'; exit_code: number }
  | { type: 'error'; message: string };

/** The socket's URL on `baseUrl` (empty: this page's origin). The key goes as the cookie, never in the URL. */
export function terminalSocketUrl(baseUrl: string, conversationId: string, offset: number): string {
  const origin = baseUrl || (typeof location === 'undefined' ? '' : location.origin);
  if (!origin) throw new Error('terminalSocketUrl: no baseUrl and no page origin');
  const wsOrigin = origin.replace(/^http(s?):/i, 'ws$1:').replace(/\/+$/, '');
  return `${wsOrigin}/sockets/terminal/${encodeURIComponent(conversationId)}?offset=${offset}`;
}
