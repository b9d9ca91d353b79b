import type { WebSocket } from 'ws';
import { RuntimeError } from '../../runtime/errors/runtime-error';
import type {
  PersonTerminal,
  PersonTerminalEvent,
} from '../../runtime/tools/person-terminal/person-terminal';
import type { ServerContext, ZodApp } from '../http/server-context';
import { sessionCredentials } from '../http/session-credentials';
import { frameIssueDetail } from './frame-issue-detail';
import { parseJsonFrame } from './parse-json-frame';
import { registerConversationSocket } from './register-conversation-socket';
import { CLOSE } from './session-socket-options';
import { TerminalClientFrameSchema, type TerminalServerFrame } from './terminal-frames';

export interface TerminalSocketOptions {
  /** After the last socket of a conversation's terminal closes, its tools stay loaded this long for a reconnect. */
  keepAfterCloseMs: number;
  /** Unsent bytes past which a tab is too slow to keep: it is closed 4008 and reconnects with its offset. */
  maxBufferedBytes: number;
}

const DEFAULT_OPTIONS: TerminalSocketOptions = {
  keepAfterCloseMs: 60_000,
  maxBufferedBytes: 4 * 1024 * 1024,
};
const CLOSE_BAD_FRAME = 1008;

/**
 * GET /sockets/terminal/{conversation_id}?offset=N: the person's terminal in that conversation's
 * sandbox. The key must come with the upgrade (the X-Session-API-Key header or the awb_session
 * cookie) and the Origin must be the workbench's, as for the session socket; there is no auth frame.
 * The first frame is the output kept from `offset` on (default 0: all that is kept), then it is live.
 */
export function registerTerminalSocket(
  app: ZodApp,
  context: ServerContext,
  checkKey: (presented: unknown) => boolean,
  overrides: Partial<TerminalSocketOptions> = {},
): void {
  const options = { ...DEFAULT_OPTIONS, ...overrides };
  registerConversationSocket(app, context, '/sockets/terminal/:id', {}, (upgrade) => {
    const { socket, request } = upgrade;
    if (sessionCredentials(request.headers, checkKey) !== 'valid')
      return socket.close(CLOSE.unauthorized, 'unauthorized');
    const offset = parseOffset(upgrade.query.offset);
    if (offset === undefined) return socket.close(CLOSE.invalidCursor, 'offset must be an integer >= 0');
    const service = upgrade.services.service();
    const conversationId = upgrade.conversationId;
    if (service === undefined) return socket.close(CLOSE.tryAgainLater, 'the runtime is not ready');
    if (conversationId === undefined) return socket.close(CLOSE.notFound, 'conversation not found');
    service.holdSandbox(conversationId).then(
      (held) => {
        if (held.sandbox === undefined || socket.readyState !== socket.OPEN) {
          held.release();
          return socket.close(CLOSE.internalError, 'this conversation has no sandbox');
        }
        const release = () => setTimeout(held.release, options.keepAfterCloseMs).unref();
        connect(socket, held.sandbox.personTerminal(), offset, options, release);
      },
      (error: unknown) => {
        if (error instanceof RuntimeError && error.code === 'conversation_not_found')
          return socket.close(CLOSE.notFound, 'conversation not found');
        if (error instanceof RuntimeError && error.code === 'conversation_elsewhere')
          return socket.close(CLOSE.tryAgainLater, 'another runtime serves this conversation');
        request.log.error({ err: error }, 'terminal socket failed');
        socket.close(CLOSE.internalError, 'internal error');
      },
    );
  });
}

/** Sends the kept output, then relays both ways until the socket closes. */
function connect(
  socket: WebSocket,
  terminal: PersonTerminal,
  offset: number,
  options: TerminalSocketOptions,
  release: () => void,
): void {
  const send = (frame: TerminalServerFrame) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > options.maxBufferedBytes) return socket.close(CLOSE.slowConsumer, 'too slow');
    socket.send(JSON.stringify(frame));
  };
  const open = () =>
    terminal.open().then((reason) => {
      if (reason !== undefined) send({ type: 'error', message: reason });
    });
  const attached = terminal.attach(offset, (event: PersonTerminalEvent) => {
    if (event.kind === 'output') send({ type: 'output', offset: event.offset, data: event.text });
    else send({ type: 'exit', exit_code: event.exitCode });
  });
  const { since } = attached;
  send({
    type: 'output',
    offset: since.from,
    data: since.text,
    ...(since.missed > 0 ? { missed: since.missed } : {}),
  });
  void open();
  socket.on('message', (data, isBinary) => {
    const frame = parseJsonFrame(data, isBinary);
    const parsed = frame.ok ? TerminalClientFrameSchema.safeParse(frame.json) : undefined;
    if (parsed === undefined || !parsed.success) {
      const detail =
        parsed === undefined ? 'not JSON' : frameIssueDetail(parsed.error, 'an input or resize frame');
      return socket.close(CLOSE_BAD_FRAME, detail.slice(0, 120));
    }
    if (parsed.data.type === 'resize') return terminal.resize(parsed.data.cols, parsed.data.rows);
    // A keystroke after the shell exited starts a new one, as a terminal emulator's "restart" does.
    void open().then(() => terminal.write(parsed.data.type === 'input' ? parsed.data.data : ''));
  });
  socket.on('close', () => {
    attached.detach();
    release();
  });
}

function parseOffset(value: unknown): number | undefined {
  if (value === undefined) return 0;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
