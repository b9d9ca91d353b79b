/**
 * The automation service's calls to the runtime's REST API, with the service's own key. Never
 * throws: a runtime that cannot be reached (or answers 5xx) is `unreachable`, worth another try; any
 * other refusal is final and carries the runtime's own words. With several runtimes each call goes to
 * the first, and on to the next while one refuses the connection or answers 421 (the conversation is
 * held by another runtime: after a failover, an automation's previous run may be anywhere).
 */
export interface RuntimeClient {
  createConversation(body: Record<string, unknown>): Promise<RuntimeAnswer<{ id: string }>>;
  /** The conversation's execution_status, `queued` while its run waits for a slot, `gone` once deleted. */
  conversationStatus(id: string): Promise<RuntimeAnswer<{ status: string } | { status: 'gone' }>>;
  /**
   * The execution_status of several conversations in one call (at most 99 ids, the runtime's batch
   * limit); a deleted one is `gone`.
   */
  conversationStatuses(ids: readonly string[]): Promise<RuntimeAnswer<{ statuses: Map<string, string> }>>;
  /** Stops what the conversation is doing now (the runtime's interrupt: status `paused`). */
  interruptConversation(id: string): Promise<RuntimeAnswer<object>>;
  /** Where the settings' model is served (provider and base URL, never the key); null when none is set. */
  settingsEndpoint(): Promise<RuntimeAnswer<{ endpoint: ModelEndpoint | null }>>;
}

export interface ModelEndpoint {
  provider: string;
  base_url?: string;
}

export type RuntimeAnswer<T> = ({ ok: true } & T) | { ok: false; unreachable: boolean; reason: string };

const REQUEST_TIMEOUT_MS = 10_000;

export function createRuntimeClient(options: {
  /** The runtimes' base URLs, asked in this order. */
  runtimeUrls: readonly string[];
  key: string;
  fetch?: typeof globalThis.fetch;
}): RuntimeClient {
  const send = options.fetch ?? globalThis.fetch;
  const call = async (method: string, path: string, body?: unknown) => {
    let answer: Answer = { status: 0, json: undefined, error: 'no runtime URL' };
    for (const runtimeUrl of options.runtimeUrls) {
      answer = await callOne(runtimeUrl, method, path, body);
      // Only a refused connection (nothing was sent) or a 421 (refused before acting): a call that
      // timed out may have been carried out, and is not sent to another runtime.
      if (!(answer.error === 'ECONNREFUSED' || answer.status === 421)) return answer;
    }
    return answer;
  };
  const callOne = async (
    runtimeUrl: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer> => {
    try {
      const response = await send(new URL(path, runtimeUrl), {
        method,
        headers: {
          'X-Session-API-Key': options.key,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      return { status: response.status, json: parseJson(text) };
    } catch (error) {
      return { status: 0, json: undefined, error: describeError(error) };
    }
  };

  return {
    async createConversation(body) {
      const answer = await call('POST', '/api/conversations', body);
      const id = field(answer.json, 'id');
      if ((answer.status === 200 || answer.status === 201) && typeof id === 'string') return { ok: true, id };
      return refusal(answer, 'create the conversation');
    },
    async conversationStatus(id) {
      const answer = await call('GET', `/api/conversations/${encodeURIComponent(id)}`);
      if (answer.status === 404) return { ok: true, status: 'gone' };
      const status = field(answer.json, 'execution_status');
      // A run waiting for a slot (`run_queue`) is still to come: `queued`, whatever its status says.
      const queued = Boolean(field(answer.json, 'run_queue'));
      if (answer.status === 200 && typeof status === 'string')
        return { ok: true, status: queued ? 'queued' : status };
      return refusal(answer, 'read the previous run');
    },
    async conversationStatuses(ids) {
      const statuses = new Map<string, string>();
      if (ids.length === 0) return { ok: true, statuses };
      const query = ids.map((id) => `ids=${encodeURIComponent(id)}`).join('&');
      const answer = await call('GET', `/api/conversations?${query}`);
      if (answer.status !== 200 || !Array.isArray(answer.json)) return refusal(answer, 'read the runs');
      ids.forEach((id, index) => {
        const status = field((answer.json as unknown[])[index], 'execution_status');
        statuses.set(id, typeof status === 'string' ? status : 'gone');
      });
      return { ok: true, statuses };
    },
    async interruptConversation(id) {
      const answer = await call('POST', `/api/conversations/${encodeURIComponent(id)}/interrupt`);
      if (answer.status === 200) return { ok: true };
      return refusal(answer, 'stop the run');
    },
    async settingsEndpoint() {
      const answer = await call('GET', '/api/settings');
      const llm = field(answer.json, 'llm');
      if (answer.status !== 200 || (llm !== null && typeof llm !== 'object'))
        return refusal(answer, 'read the settings');
      const provider = field(llm, 'provider');
      const baseUrl = field(llm, 'base_url');
      if (typeof provider !== 'string') return { ok: true, endpoint: null };
      return {
        ok: true,
        endpoint: {
          provider,
          ...(typeof baseUrl === 'string' && baseUrl !== '' ? { base_url: baseUrl } : {}),
        },
      };
    },
  };
}

interface Answer {
  status: number;
  json: unknown;
  error?: string;
}

function refusal(answer: Answer, what: string): { ok: false; unreachable: boolean; reason: string } {
  if (answer.status === 0) {
    return { ok: false, unreachable: true, reason: `the runtime is not reachable (${answer.error})` };
  }
  const detail = field(answer.json, 'detail');
  const words = typeof detail === 'string' ? detail : JSON.stringify(detail ?? null);
  return {
    ok: false,
    // 421: every runtime said another one holds the conversation; its lease is moving, try later.
    unreachable: answer.status >= 500 || answer.status === 421,
    reason: `the runtime could not ${what} (HTTP ${answer.status}): ${words}`,
  };
}

function field(json: unknown, name: string): unknown {
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[name] : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // not JSON (a proxy's HTML page): reported by status alone
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: { code?: string } }).cause;
  return cause?.code ?? error.message;
}
