import type { LLMConfig } from './llm-config';

export type ModelListResult =
  | { ok: true; models: string[] }
  | { ok: false; code: 'no_list' | 'unreachable' | 'refused' | 'bad_response' | 'timeout'; detail: string };

/** Enough for a model picker; a provider's answer past these is cut, not trusted to be small. */
const MAX_MODELS = 500;
const MAX_ID_LENGTH = 200;
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 5_000;

const DEFAULT_BASE: Record<LLMConfig['provider'], string | undefined> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  'openai-compatible': undefined,
};

/**
 * The model ids the configured provider offers (`GET {base}/models`: OpenAI and the servers that copy
 * it, and Anthropic, which answers the same shape). Never rejects: a provider without a list, a wrong
 * key or a slow server comes back as a code and a sentence, and the picker falls back to free text.
 * The sentence names the status, never the provider's body or the key.
 */
export async function listProviderModels(
  config: Pick<LLMConfig, 'provider' | 'base_url' | 'api_key'>,
  options: { fetch?: typeof globalThis.fetch; timeoutMs?: number } = {},
): Promise<ModelListResult> {
  const base = (config.base_url || DEFAULT_BASE[config.provider])?.replace(/\/+$/, '');
  if (!base) return { ok: false, code: 'no_list', detail: 'No base URL is configured, so there is no list.' };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (config.provider === 'anthropic') {
    headers['anthropic-version'] = '2023-06-01';
    if (config.api_key) headers['x-api-key'] = config.api_key;
  } else if (config.api_key) {
    headers.authorization = `Bearer ${config.api_key}`;
  }
  const url = `${base}/models${config.provider === 'anthropic' ? '?limit=1000' : ''}`;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await (options.fetch ?? globalThis.fetch)(url, { headers, signal, redirect: 'error' });
  } catch {
    if (signal.aborted)
      return {
        ok: false,
        code: 'timeout',
        detail: `The provider did not list its models within ${timeoutMs / 1000} s.`,
      };
    return {
      ok: false,
      code: 'unreachable',
      detail: 'The provider could not be reached to list its models.',
    };
  }
  if (response.status === 404 || response.status === 405 || response.status === 501) {
    void response.body?.cancel();
    return { ok: false, code: 'no_list', detail: 'The provider offers no model list; type the model name.' };
  }
  if (!response.ok) {
    void response.body?.cancel();
    const why = response.status === 401 || response.status === 403 ? ' (check the API key in Settings)' : '';
    return {
      ok: false,
      code: 'refused',
      detail: `The provider refused to list its models: HTTP ${response.status}${why}.`,
    };
  }
  const body = await readJsonUpTo(response, MAX_BODY_BYTES, signal);
  const models = body === undefined ? undefined : modelIds(body);
  if (!models) {
    return {
      ok: false,
      code: 'bad_response',
      detail: 'The provider answered with something that is not a model list.',
    };
  }
  return { ok: true, models };
}

/** `{data: [{id}]}` (OpenAI, Anthropic) or a bare array of such objects; ids deduplicated and sorted. */
function modelIds(body: unknown): string[] | undefined {
  const list = Array.isArray(body)
    ? body
    : isRecord(body) && Array.isArray(body.data)
      ? body.data
      : undefined;
  if (!list) return undefined;
  const ids = new Set<string>();
  for (const entry of list) {
    const id = isRecord(entry) ? entry.id : undefined;
    // A printable id only: the provider's text ends up in a menu.
    if (typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH && !/[\p{Cc}]/u.test(id))
      ids.add(id);
    if (ids.size >= MAX_MODELS) break;
  }
  return [...ids].sort((a, b) => a.localeCompare(b));
}

async function readJsonUpTo(response: Response, maxBytes: number, signal: AbortSignal): Promise<unknown> {
  if (!response.body) return undefined;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (true) {
      if (signal.aborted) return undefined;
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) return undefined;
      chunks.push(value);
    }
  } catch {
    return undefined;
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
