import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LLMScript } from '../../src/runtime/llm/llm-script';
import { isFailTurn } from '../../src/runtime/llm/llm-script';
import { cacheHintRefusal } from './cache-hint-refusal';
import { toolsRefusal } from './tools-refusal';
import { readBody, sendJson } from './http-io';
import { LLMScriptSchema } from './llm-script-schema';
import { createPromptCache } from './prompt-cache';
import { createScriptPlayer } from './script-player';
import { type Dialect, openAIError } from './failure-bodies';
import { pathStyle, providerRequestViolations } from './strict/validate-request';
import { formatViolation } from './strict/violation';
import { violationResponse } from './strict/violation-response';
import { writeFailure } from './write-failure';
import { writeReply } from './write-reply';

/**
 * The project's one HTTP fake of a model provider: an OpenAI-compatible server on 127.0.0.1
 * answering POST /v1/chat/completions from an LLMScript (one turn per request, in arrival order)
 * and GET /v1/models. POST /v1/messages plays the same script in Anthropic's Messages dialect, so
 * the anthropic adapter runs against it too. It needs no API key but records what was sent, Authorization included.
 * Strict by default: a request the real provider would refuse (its published schema, unknown
 * properties, the rules it documents beyond the schema; see strict/) gets the provider's own 400
 * answer naming the path and the rule, and consumes no script turn.
 * Usage is billed like the real APIs': a prompt prefix an earlier request left in the cache (at
 * Anthropic's breakpoints, or OpenAI's automatic prefixes of 1,024 tokens and more) is reported as
 * cached input (see prompt-cache.ts). `refuseCacheHints` plays an older server that answers a
 * `cache_control` or `prompt_cache_key` with a 400 naming it; `refuseTools` a server without function
 * calling that answers any request carrying `tools` with a 400 naming them.
 * Control for other processes: POST /v1/__mock/script, GET /v1/__mock/requests, POST /v1/__mock/reset.
 */
export interface MockLLM {
  /** Base URL ending in /v1, as an OpenAI client wants it. */
  url: string;
  /** Replaces the script and starts again from its first turn (recorded requests are kept). */
  setScript(script: LLMScript): void;
  /** Every model API request so far (control requests excluded), oldest first. A copy. */
  requests(): RecordedRequest[];
  /** The ids GET /v1/models lists from now on (default: the one `model`). */
  setModels(ids: readonly string[]): void;
  /** From now on, refuse (or accept again) prompt cache hints like an older server. */
  setRefuseCacheHints(refuse: boolean): void;
  /** From now on, refuse (or accept again) any request carrying `tools`, like a model without function calling. */
  setRefuseTools(refuse: boolean): void;
  /** Stops listening and cuts open connections (hanging requests included). */
  close(): Promise<void>;
}

export interface RecordedRequest {
  method: string;
  /** Path as received, e.g. `/v1/chat/completions`. */
  path: string;
  /** The Authorization header as sent (null when absent): the mock accepts anything. */
  authorization: string | null;
  headers: Record<string, string>;
  /** Parsed JSON body, or the raw text when it was not JSON, or null when empty. */
  body: unknown;
  /** Index of the script turn that answered; null for the fallback or a non-completion request. */
  turn_index: number | null;
  /**
   * Why the real provider would refuse this model request (`path: rule`), empty when it would accept
   * it. Recorded whether or not the mock is strict, so tests can assert none.
   */
  violations: string[];
}

export interface MockLLMOptions {
  port?: number;
  script?: LLMScript;
  /** Model id reported by GET /v1/models and echoed when a request names none. */
  model?: string;
  /**
   * Refuse requests the real provider would refuse (default true). False only for tests that post
   * malformed requests on purpose; violations are recorded either way.
   */
  strict?: boolean;
  /** Answer a request carrying `cache_control` or `prompt_cache_key` with a 400 naming it (default false). */
  refuseCacheHints?: boolean;
  /** Answer a request carrying `tools` with a 400 naming them (default false). */
  refuseTools?: boolean;
}

export async function startMockLLM(options: MockLLMOptions = {}): Promise<MockLLM> {
  const player = createScriptPlayer(options.script);
  let recorded: RecordedRequest[] = [];
  let requestCount = 0;
  const defaultModel = options.model ?? 'mock-model';
  const strict = options.strict ?? true;
  let listedModels: readonly string[] = [defaultModel];
  let refuseCacheHints = options.refuseCacheHints ?? false;
  let refuseTools = options.refuseTools ?? false;
  let cache = createPromptCache();

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // A bug in the mock or a client that vanished mid-write: answer if we still can.
      if (!response.headersSent)
        sendJson(response, 500, openAIError(`mock-llm failed: ${String(error)}`, 'mock_error', null));
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const route = url.pathname.replace(/^\/v1(?=\/)/, '');
    const method = request.method ?? 'GET';
    const text = await readBody(request);

    if (route.startsWith('/__mock/')) return control(method, route, text, response);

    const body = parseBody(text);
    const entry: RecordedRequest = {
      method,
      path: url.pathname,
      authorization: request.headers.authorization ?? null,
      headers: flatHeaders(request),
      body,
      turn_index: null,
      violations: [],
    };
    recorded.push(entry);

    if (method === 'GET' && route === '/models') {
      return sendJson(response, 200, {
        object: 'list',
        data: listedModels.map((id) => ({ id, object: 'model', owned_by: 'mock-llm' })),
      });
    }
    const dialect = dialectOf(method, route);
    if (!dialect) {
      return sendJson(
        response,
        404,
        openAIError(
          `mock-llm has no route ${method} ${url.pathname}`,
          'invalid_request_error',
          'unknown_url',
        ),
      );
    }
    const violations = providerRequestViolations(dialect, body);
    entry.violations = violations.map((violation) => formatViolation(violation, pathStyle(dialect)));
    if (strict && violations.length > 0) {
      const { status, body: answer } = violationResponse(dialect, violations);
      return sendJson(response, status, answer);
    }
    if (!isRecord(body)) {
      return sendJson(
        response,
        400,
        openAIError('The body must be a JSON object.', 'invalid_request_error', null),
      );
    }
    const refusal =
      (refuseCacheHints ? cacheHintRefusal(dialect, body) : null) ??
      (refuseTools ? toolsRefusal(dialect, body) : null);
    if (refusal) {
      entry.violations.push(refusal.reason);
      return sendJson(response, refusal.status, refusal.body);
    }

    requestCount += 1;
    const { turn, index } = player.next();
    entry.turn_index = index;
    const identity = {
      id:
        dialect === 'anthropic'
          ? `msg_mock_${requestCount}`
          : dialect === 'responses'
            ? `resp_mock_${requestCount}`
            : `chatcmpl-mock-${requestCount}`,
      model: typeof body.model === 'string' ? body.model : defaultModel,
      created: Math.floor(Date.now() / 1000),
      toolCallIdPrefix: dialect === 'anthropic' ? `toolu_${requestCount}` : `call_${requestCount}`,
      ...cache.bill(dialect, body),
    };
    if (isFailTurn(turn)) return writeFailure(response, turn, identity, dialect);
    const streamOptions = isRecord(body.stream_options) ? body.stream_options : {};
    return writeReply(response, turn, identity, {
      dialect,
      stream: body.stream === true,
      includeUsage: streamOptions.include_usage === true,
    });
  }

  function control(method: string, route: string, text: string, response: ServerResponse): void {
    if (method === 'POST' && route === '/__mock/script') {
      const parsed = LLMScriptSchema.safeParse(parseBody(text));
      if (parsed.success) player.load(parsed.data);
      const answer = parsed.success
        ? { ok: true }
        : { error: { message: `invalid script: ${parsed.error.message}` } };
      sendJson(response, parsed.success ? 200 : 400, answer);
    } else if (method === 'GET' && route === '/__mock/requests') {
      sendJson(response, 200, recorded);
    } else if (method === 'POST' && route === '/__mock/reset') {
      player.load({ turns: [] });
      recorded = [];
      requestCount = 0;
      cache = createPromptCache();
      sendJson(response, 200, { ok: true });
    } else {
      sendJson(response, 404, { error: { message: `mock-llm has no control route ${method} ${route}` } });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    setScript: (script) => player.load(script),
    requests: () => structuredClone(recorded),
    setModels: (ids) => {
      listedModels = [...ids];
    },
    setRefuseCacheHints: (refuse) => {
      refuseCacheHints = refuse;
    },
    setRefuseTools: (refuse) => {
      refuseTools = refuse;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Which provider API a request speaks: OpenAI Chat Completions or Anthropic Messages. */
function dialectOf(method: string, route: string): Dialect | null {
  if (method !== 'POST') return null;
  if (route === '/chat/completions') return 'openai';
  if (route === '/messages') return 'anthropic';
  if (route === '/responses') return 'responses';
  return null;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text; // recorded as is: a test may want to see what a broken client sent
  }
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
