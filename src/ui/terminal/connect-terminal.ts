import { reconnectDelay } from '../../client/reconnect-delay';
import {
  type TerminalClientFrame,
  type TerminalServerFrame,
  terminalSocketUrl,
} from '../../client/terminal-socket-frames';

export type TerminalConnectionState = 'connecting' | 'open' | 'reconnecting';

export interface TerminalConnectionHandlers {
  /** Pty text to show, in order, each character once across reconnects. */
  onOutput(text: string): void;
  onState(state: TerminalConnectionState): void;
  /** Why no shell runs, or that the shell ended. */
  onNotice(text: string): void;
}

export interface TerminalConnection {
  send(frame: TerminalClientFrame): void;
  close(): void;
}

/** Close codes after which trying again cannot help: the key, a missing conversation, a bad frame. */
const FINAL_CLOSE_CODES = new Set([1008, 4001, 4004, 4422]);

/**
 * The person's terminal socket, reconnecting with backoff. It keeps the offset just past the output it
 * showed and reconnects there, so a dropped socket shows what it missed and nothing twice. Frames sent
 * while it is down are dropped (a keystroke into a terminal one cannot see would surprise).
 */
export function connectTerminal(
  conversationId: string,
  handlers: TerminalConnectionHandlers,
): TerminalConnection {
  let offset = 0;
  let attempt = 0;
  let socket: WebSocket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const open = () => {
    handlers.onState(attempt === 0 ? 'connecting' : 'reconnecting');
    const current = new WebSocket(terminalSocketUrl('', conversationId, offset));
    socket = current;
    current.onopen = () => {
      attempt = 0;
      handlers.onState('open');
    };
    current.onmessage = (message) => receive(JSON.parse(String(message.data)) as TerminalServerFrame);
    current.onclose = (event) => {
      if (closed || socket !== current) return;
      if (FINAL_CLOSE_CODES.has(event.code)) {
        handlers.onNotice(`The terminal closed: ${event.reason || `code ${event.code}`}`);
        return;
      }
      handlers.onState('reconnecting');
      timer = setTimeout(open, reconnectDelay(attempt++, Math.random, { initialMs: 500, maxMs: 10_000 }));
    };
  };

  const receive = (frame: TerminalServerFrame) => {
    if (frame.type === 'output') {
      if (frame.missed)
        handlers.onOutput(`\r\n[${frame.missed} characters of earlier output were not kept]\r\n`);
      // A frame that starts before what was shown (a race at reconnect) shows only its new part.
      const fresh = frame.data.slice(Math.max(0, offset - frame.offset));
      if (frame.offset + frame.data.length > offset) {
        offset = frame.offset + frame.data.length;
        if (fresh) handlers.onOutput(fresh);
      }
    } else if (frame.type === 'exit') {
      handlers.onNotice(`The shell exited (status ${frame.exit_code}); press a key to start a new one.`);
    } else {
      handlers.onNotice(frame.message);
    }
  };

  open();
  return {
    send(frame) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    },
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
