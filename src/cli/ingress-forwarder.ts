import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Backend, forwardRequest, headersToPassOn } from './forward-request';
import { type BodyLimit, readWholeBody } from './ingress-body-limit';
import { readBodyUpTo } from './read-body-up-to';
import type { createRuntimeRouter } from './runtime-router';
import { sendText } from './send-text';

export const RUNTIME_DOWN =
  'Agent Workbench runtime is not reachable (it may be restarting). Try again in a moment.';
export const AUTOMATION_DOWN =
  'The automation service is not reachable (it may be restarting). Try again in a moment.';

export interface IngressForwarderDeps {
  router: ReturnType<typeof createRuntimeRouter>;
  /** The automation service's backend; undefined when the launcher starts none. */
  automation: Backend | undefined;
  /** The backend of the runtime the router names for this request. */
  routeRequest: (request: IncomingMessage) => Promise<Backend>;
}

export interface IngressForwarder {
  /** One request to one backend; a backend that is not there gets the browser a 502. */
  send(backend: Backend, request: IncomingMessage, response: ServerResponse, body?: Buffer): void;
  /** A chunked body read whole first (413 past the limit); `backend` undefined: the router names the runtime. */
  sendStreamedBody(
    backend: Backend | undefined,
    request: IncomingMessage,
    response: ServerResponse,
    limit: BodyLimit,
  ): Promise<void>;
  /** With several runtimes: sent once more when the first runtime refused before doing anything. */
  sendAgainIfMoved(request: IncomingMessage, response: ServerResponse, limit: BodyLimit): Promise<void>;
}

/**
 * How the ingress's http.Server hands a request to a backend: the runtime (the one the router names
 * when there are several) or the automation service, with the router told of runtimes that are gone
 * and conversations that moved.
 */
export function createIngressForwarder(deps: IngressForwarderDeps): IngressForwarder {
  const { router, automation, routeRequest } = deps;

  /** One request to one backend; a backend that is not there gets the browser a 502. */
  function send(backend: Backend, request: IncomingMessage, response: ServerResponse, body?: Buffer): void {
    const isRuntime = backend !== automation;
    forwardRequest(backend, request, response, {
      body,
      answered(status) {
        if (isRuntime && status === 421) forgetConversationOf(request);
      },
      failed(error) {
        if (isRuntime && isConnectFailure(error)) router.runtimeDown(backend.url);
        sendText(response, 502, isRuntime ? RUNTIME_DOWN : AUTOMATION_DOWN, request);
      },
    });
  }

  function forgetConversationOf(request: IncomingMessage): void {
    const id = router.conversationOf(request.url ?? '/');
    if (id) router.forgetConversation(id);
  }

  /**
   * A body without Content-Length (chunked) is read here first, up to the limit: past it the ingress
   * answers 413 itself. Streamed through, the runtime would cut the upload short at the limit and the
   * forwarder would hit EPIPE and answer 502, as if the runtime were down. `backend` undefined: the
   * router names the runtime.
   */
  async function sendStreamedBody(
    backend: Backend | undefined,
    request: IncomingMessage,
    response: ServerResponse,
    limit: BodyLimit,
  ): Promise<void> {
    const body = await readWholeBody(request, response, limit);
    if (body === undefined) return;
    send(backend ?? (await routeRequest(request)), request, response, body);
  }

  /**
   * With several runtimes, a request can reach one that is gone (killed, not yet restarted: the
   * connection is refused, so it received nothing) or that no longer holds the conversation (421:
   * it refused before doing anything). Either way the request was not carried out, so it is sent
   * once more, to the runtime the router names now, and the browser sees only that answer. The body
   * is read first so that it can be sent twice (the file upload, up to 65 MiB, is streamed as before
   * and not retried). A connection that fails after it was made is not retried: the runtime may have
   * acted on it.
   */
  async function sendAgainIfMoved(
    request: IncomingMessage,
    response: ServerResponse,
    limit: BodyLimit,
  ): Promise<void> {
    const body = await readWholeBody(request, response, limit);
    if (body === undefined) return;
    const sendOnce = async (again: boolean) => {
      const runtime = await routeRequest(request);
      if (response.destroyed) return; // the browser left while the router asked around
      forwardRequest(runtime, request, response, {
        body,
        intercept(backendResponse) {
          if (!again || backendResponse.statusCode !== 421) return false;
          void passOnUnlessElsewhere(request, backendResponse, response, () => {
            forgetConversationOf(request);
            return sendOnce(false);
          });
          return true;
        },
        answered(status) {
          if (status === 421) forgetConversationOf(request);
        },
        failed(error) {
          if (isConnectFailure(error)) router.runtimeDown(runtime.url);
          const refused = (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
          if (refused && again) return void sendOnce(false);
          sendText(response, 502, RUNTIME_DOWN, request);
        },
      });
    };
    await sendOnce(true);
  }

  return { send, sendStreamedBody, sendAgainIfMoved };
}

/**
 * The runtime answered 421 to a request that may be sent once more. Only `conversation_elsewhere` is
 * a refusal before doing anything (then `sendElsewhere`); a refused append (`not_owner`) may come
 * after the request did part of its work, so it is passed on.
 */
async function passOnUnlessElsewhere(
  request: IncomingMessage,
  backendResponse: IncomingMessage,
  response: ServerResponse,
  sendElsewhere: () => Promise<void>,
): Promise<void> {
  const body = await readBodyUpTo(backendResponse, 64 * 1024);
  if (codeOf(body) === 'conversation_elsewhere') return sendElsewhere();
  if (response.headersSent || response.destroyed) return;
  const headers = headersToPassOn(request, backendResponse);
  delete headers['transfer-encoding'];
  headers['content-length'] = String(body?.length ?? 0);
  response.writeHead(421, backendResponse.statusMessage, headers);
  response.end(body);
}

/** The `code` of a JSON error body, if it has one. */
function codeOf(body: Buffer | undefined): unknown {
  try {
    return (JSON.parse(body?.toString('utf8') ?? '') as { code?: unknown } | null)?.code;
  } catch {
    return undefined;
  }
}

/** The backend was not there to take the connection (as opposed to a reset in the middle). */
export function isConnectFailure(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT';
}
