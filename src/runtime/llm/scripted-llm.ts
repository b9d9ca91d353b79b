import type { ToolCall } from '../events';
import { LLMError, type LLM, type LLMRequest, type LLMResponse } from './llm';
import { type FailTurn, isFailTurn, type LLMScript, type ReplyTurn, type ScriptTurn } from './llm-script';

export interface ScriptedLLM extends LLM {
  /** Every request received, in order (messages copied at call time); empty with `recordCalls: false`. */
  readonly calls: LLMRequest[];
  /** Replaces the remaining turns; the call counter and the recorded calls stay. */
  setScript(script: LLMScript): void;
}

export interface ScriptedLLMOptions {
  model?: string;
  /** How many retryable failures in a row are "retried inside the adapter" before the call fails. */
  maxRetries?: number;
  /**
   * Keep a copy of every request in `calls` (the default). A benchmark turns it off: an instant model
   * should cost nothing, and copying every prompt would charge the loop for the test double.
   */
  recordCalls?: boolean;
}

const DEFAULT_FALLBACK: ReplyTurn = { text: 'Done.' };

/**
 * The in-process twin of scripts/mock-llm: the same LLMScript, consumed one turn per model call, with
 * the behaviour of the real adapter on top (retryable failures consume the next turn after onRetry,
 * failures needing a person reject with LLMError, a hang waits for the abort signal). For loop tests.
 */
export function createScriptedLLM(script: LLMScript, options: ScriptedLLMOptions = {}): ScriptedLLM {
  let turns = [...script.turns];
  let fallback = script.fallback ?? DEFAULT_FALLBACK;
  const calls: LLMRequest[] = [];
  let responseCount = 0;
  const maxRetries = options.maxRetries ?? 3;

  const nextTurn = (): ScriptTurn => turns.shift() ?? fallback;

  return {
    provider: 'scripted',
    model: options.model ?? 'scripted-model',
    calls,
    setScript(next) {
      turns = [...next.turns];
      fallback = next.fallback ?? DEFAULT_FALLBACK;
    },
    async complete(request) {
      if (options.recordCalls !== false)
        calls.push({
          ...request,
          messages: structuredClone(request.messages),
          tools: structuredClone(request.tools),
        });
      for (let attempt = 1; ; attempt++) {
        throwIfAborted(request.signal);
        const turn = nextTurn();
        if (!isFailTurn(turn)) {
          responseCount += 1;
          return await reply(turn, request, `scripted-response-${responseCount}`);
        }
        const error = await failure(turn, request);
        if (!isRetryable(turn) || attempt > maxRetries) throw error;
        request.onRetry?.(error, attempt + 1, 0);
      }
    },
  };
}

async function reply(turn: ReplyTurn, request: LLMRequest, id: string): Promise<LLMResponse> {
  const chunkSize = Math.max(1, turn.chunk_size ?? 16);
  await sleep(turn.delay_ms ?? 0, request.signal);
  if (turn.reasoning) await stream('reasoning', turn.reasoning, chunkSize, turn, request);
  if (turn.text) await stream('text', turn.text, chunkSize, turn, request);
  const toolCalls: ToolCall[] = (turn.tool_calls ?? []).map((call, index) => ({
    id: call.id ?? `call_${id}_${index}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
  const { cost = 0, ...usage } = turn.usage ?? { prompt_tokens: 0, completion_tokens: 0 };
  return {
    id,
    text: turn.text ?? '',
    ...(turn.reasoning ? { reasoning: turn.reasoning } : {}),
    tool_calls: toolCalls,
    usage: { ...usage, cache_read_tokens: 0, cache_write_tokens: 0, cost },
    finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
  };
}

async function stream(
  kind: 'text' | 'reasoning',
  content: string,
  chunkSize: number,
  turn: ReplyTurn,
  request: LLMRequest,
): Promise<void> {
  for (let start = 0; start < content.length; start += chunkSize) {
    if (start > 0) await sleep(turn.chunk_delay_ms ?? 0, request.signal);
    throwIfAborted(request.signal);
    request.onDelta?.({ kind, content: content.slice(start, start + chunkSize) });
  }
}

/** The error the real adapter would end up with for this failure (after its own retries for retryable ones). */
async function failure(turn: FailTurn, request: LLMRequest): Promise<LLMError> {
  switch (turn.fail) {
    case 'rate_limit':
      return new LLMError(
        'rate_limit',
        'The model provider is rate limiting requests. Wait a moment and try again.',
        429,
      );
    case 'server_error':
      return new LLMError(
        'server',
        'The model provider answered with a server error (500). Try again later.',
        500,
      );
    case 'auth':
      return new LLMError(
        'auth',
        'The model provider refused the API key (401). Check the key in Settings.',
        401,
      );
    case 'not_found':
      return new LLMError(
        'not_found',
        'The model was not found (404). Check the model name in Settings.',
        404,
      );
    case 'quota':
      return new LLMError(
        'quota',
        'The account has no quota left (429 insufficient_quota). Check billing.',
        429,
      );
    case 'bad_request':
      return new LLMError('bad_request', 'The model provider refused the request (400).', 400);
    case 'context_overflow':
      return new LLMError(
        'context_overflow',
        "The conversation is longer than the model's context window (400).",
        400,
      );
    case 'garbage':
      return new LLMError('bad_response', 'The model provider sent a reply that is not a valid completion.');
    case 'drop_stream':
      if (turn.partial_text) request.onDelta?.({ kind: 'text', content: turn.partial_text });
      return new LLMError('network', 'The connection to the model provider dropped mid-stream.');
    case 'hang':
      await new Promise<never>((_resolve, reject) => {
        const onAbort = () => reject(abortError());
        if (request.signal?.aborted) onAbort();
        request.signal?.addEventListener('abort', onAbort, { once: true });
      });
      throw new Error('unreachable: a hang only ends by abort');
  }
}

function isRetryable(turn: FailTurn): boolean {
  return turn.fail === 'rate_limit' || turn.fail === 'server_error' || turn.fail === 'drop_stream';
}

function abortError(): LLMError {
  return new LLMError('aborted', 'The model call was cancelled.');
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
