import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { BashError, BashEvent } from '../../runtime/workspace/bash-event';
import { lookupError } from '../http/error-catalogue';
import { workspaceCommandsOf } from '../process/workspace-commands';
import { ExecuteBashRequestSchema } from '../routes/workspace-bash-routes';
import type { ServerContext, ZodApp } from '../http/server-context';
import { sessionCredentials } from '../http/session-credentials';
import { answerPlainRequest } from './answer-plain-request';
import { parseBashEventsQuery } from './bash-events-query';
import { CLOSE } from './session-socket-options';

/** The agent server's limits: 10 s for the first-frame auth, 50 listeners. */
export const BASH_SOCKET_AUTH_TIMEOUT_MS = 10_000;
export const MAX_BASH_SOCKETS = 50;
const CLOSE_UNAUTHORIZED = 4001;
const CLOSE_TRY_AGAIN_LATER = 1013;
/** Sends beyond this many unwritten bytes mean a reader too slow to keep: it is closed. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/**
 * GET /sockets/bash-events (the agent server's socket): every bash event as bare JSON as it is
 * stored; `resend_mode=all` (or the old `resend_all=true`) first sends those already kept, oldest
 * first. The key comes as the `session_api_key` query parameter, the X-Session-API-Key header, the
 * awb_session cookie, or a first frame `{"type":"auth","session_api_key":…}` within 10 s; a wrong
 * one closes 4001. A frame shaped as ExecuteBashRequest starts a command (as start_bash_command);
 * anything else is answered with a BashError frame.
 */
export function registerBashEventsSocket(
  app: ZodApp,
  context: ServerContext,
  checkKey: (presented: unknown) => boolean,
): void {
  let open = 0;
  app.route({
    method: 'GET',
    url: '/sockets/bash-events',
    schema: { hide: true },
    handler: answerPlainRequest,
    wsHandler,
  });
  function wsHandler(socket: WebSocket, request: FastifyRequest) {
    const query = request.query as Record<string, unknown>;
    const parsedQuery = parseBashEventsQuery(query);
    if (!parsedQuery.ok) return socket.close(CLOSE.invalidCursor, parsedQuery.reason);
    const { resendAll } = parsedQuery;
    const queryKey = query.session_api_key;
    const credentials =
      queryKey !== undefined
        ? checkKey(queryKey)
          ? 'valid'
          : 'refused'
        : sessionCredentials(request.headers, checkKey);
    if (credentials === 'refused') return socket.close(CLOSE_UNAUTHORIZED, 'Authentication failed');
    let unsubscribe: (() => void) | undefined;
    let counted = false;
    socket.on('close', () => {
      if (counted) open -= 1;
      unsubscribe?.();
    });

    // Only authenticated sockets take one of the slots, so waiting strangers cannot fill them.
    const start = () => {
      if (open >= MAX_BASH_SOCKETS) {
        socket.close(CLOSE_TRY_AGAIN_LATER, 'Too many bash event connections');
        return;
      }
      open += 1;
      counted = true;
      context.touch();
      const { log } = workspaceCommandsOf(context);
      const sent = new Set<string>();
      let replaying = resendAll;
      const queued: BashEvent[] = [];
      unsubscribe = log.subscribe((event) => {
        if (replaying) queued.push(event);
        else send(socket, event);
      });
      if (resendAll) {
        let pageId: string | undefined;
        do {
          const page = log.search({ limit: 100, ...(pageId === undefined ? {} : { pageId }) });
          for (const event of page.items) {
            sent.add(event.id);
            send(socket, event);
          }
          pageId = page.next_page_id ?? undefined;
        } while (pageId !== undefined);
        replaying = false;
        for (const event of queued) if (!sent.has(event.id)) send(socket, event);
      }
    };

    let authenticated = credentials === 'valid';
    const authTimer = authenticated
      ? undefined
      : setTimeout(
          () => socket.close(CLOSE_UNAUTHORIZED, 'Authentication failed'),
          BASH_SOCKET_AUTH_TIMEOUT_MS,
        );
    if (authenticated) start();

    socket.on('message', (data, isBinary) => {
      const frame = isBinary ? undefined : parseJson(String(data));
      if (!authenticated) {
        clearTimeout(authTimer);
        if (!isAuthFrame(frame) || !checkKey(frame.session_api_key)) {
          return socket.close(CLOSE_UNAUTHORIZED, 'Authentication failed');
        }
        authenticated = true;
        return start();
      }
      if (isAuthFrame(frame)) return;
      context.touch();
      const parsed = ExecuteBashRequestSchema.safeParse(frame);
      if (!parsed.success) {
        return send(socket, bashError('ValidationError', 'Expected {command, cwd?, timeout?} as JSON'));
      }
      try {
        workspaceCommandsOf(context).commands.start(parsed.data);
      } catch (error) {
        const entry = lookupError(error);
        send(
          socket,
          bashError(entry?.code ?? 'internal_error', entry?.detail ?? 'The command could not start'),
        );
      }
    });
  }
}

function send(socket: WebSocket, event: BashEvent | BashError): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.close(CLOSE_TRY_AGAIN_LATER, 'Reader too slow');
    return;
  }
  socket.send(JSON.stringify(event));
}

function bashError(code: string, detail: string): BashError {
  return {
    kind: 'BashError',
    id: randomUUID().replace(/-/g, ''),
    timestamp: new Date().toISOString(),
    code,
    detail,
  };
}

function isAuthFrame(frame: unknown): frame is { type: 'auth'; session_api_key: unknown } {
  return typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === 'auth';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
