import type { ModelEndpoint, RuntimeClient } from '../runtime-client';

/**
 * The runtime client's in-memory twin: conversations are a map of statuses; `down` makes every call
 * unreachable, as a runtime between crash and restart. Records every create request.
 */
export interface InMemoryRuntime extends RuntimeClient {
  statuses: Map<string, string>;
  created: Record<string, unknown>[];
  down: boolean;
  /** A refusal for the next creates (e.g. 422 invalid_workspace). */
  refusal: string | undefined;
  /** The settings' model endpoint the runtime answers (default: OpenAI-compatible on a local server). */
  endpoint: ModelEndpoint | null;
}

export function createInMemoryRuntime(): InMemoryRuntime {
  const runtime: InMemoryRuntime = {
    statuses: new Map(),
    created: [],
    down: false,
    refusal: undefined,
    endpoint: { provider: 'openai-compatible', base_url: 'http://127.0.0.1:11434/v1' },
    async createConversation(body) {
      if (runtime.down)
        return { ok: false, unreachable: true, reason: 'the runtime is not reachable (ECONNREFUSED)' };
      if (runtime.refusal) return { ok: false, unreachable: false, reason: runtime.refusal };
      const id = String(body.conversation_id);
      runtime.created.push(body);
      runtime.statuses.set(id, 'running');
      return { ok: true, id };
    },
    async conversationStatus(id) {
      if (runtime.down)
        return { ok: false, unreachable: true, reason: 'the runtime is not reachable (ECONNREFUSED)' };
      return { ok: true, status: runtime.statuses.get(id) ?? 'gone' };
    },
    async conversationStatuses(ids) {
      if (runtime.down)
        return { ok: false, unreachable: true, reason: 'the runtime is not reachable (ECONNREFUSED)' };
      return { ok: true, statuses: new Map(ids.map((id) => [id, runtime.statuses.get(id) ?? 'gone'])) };
    },
    async interruptConversation(id) {
      if (runtime.down)
        return { ok: false, unreachable: true, reason: 'the runtime is not reachable (ECONNREFUSED)' };
      if (runtime.statuses.has(id)) runtime.statuses.set(id, 'paused');
      return { ok: true };
    },
    async settingsEndpoint() {
      if (runtime.down)
        return { ok: false, unreachable: true, reason: 'the runtime is not reachable (ECONNREFUSED)' };
      return { ok: true, endpoint: runtime.endpoint };
    },
  };
  return runtime;
}
