import { z } from 'zod';
import { BaseUrlSchema, type LLMProvider, type LLMPublicConfig } from '../events';
import type { LLMConfigInput } from '../conversation/llm-config-input';

/**
 * The OpenHands agent server describes a model as an `LLM` object in LiteLLM's naming
 * (`anthropic/claude-…`, `openai/gpt-…`, `litellm_proxy/…` plus `base_url`). Upstream clients send it
 * in `agent.llm` (create) and `llm` (switch_llm). The object has dozens of tuning fields; we read the
 * ones that choose the model and its endpoint and ignore the rest, as upstream ignores what a
 * provider does not use.
 */
export const UpstreamLLMSchema = z
  .object({
    model: z.string().min(1).max(300),
    base_url: BaseUrlSchema.nullish(),
    api_key: z.string().max(1000).nullish(),
    custom_llm_provider: z.string().max(100).nullish(),
    usage_id: z.string().max(200).nullish(),
  })
  .loose();

export type UpstreamLLM = z.infer<typeof UpstreamLLMSchema>;

export type UpstreamLLMMapping = { ok: true; config: LLMConfigInput } | { ok: false; reason: string };

const PROXY_PREFIXES = ['litellm_proxy', 'openrouter', 'hosted_vllm', 'ollama', 'ollama_chat', 'lm_studio'];

/** Our model configuration for an upstream `LLM` object, or why this runtime cannot serve it. */
export function fromUpstreamLLM(llm: UpstreamLLM): UpstreamLLMMapping {
  const baseUrl = llm.base_url ?? undefined;
  const apiKey = llm.api_key ?? undefined;
  const slash = llm.model.indexOf('/');
  const prefix = (llm.custom_llm_provider ?? (slash > 0 ? llm.model.slice(0, slash) : '')).toLowerCase();
  const bare = slash > 0 && llm.custom_llm_provider == null ? llm.model.slice(slash + 1) : llm.model;
  const config = (provider: LLMProvider, model: string): UpstreamLLMMapping => ({
    ok: true,
    config: {
      provider,
      model,
      ...(baseUrl ? { base_url: baseUrl } : {}),
      ...(apiKey ? { api_key: apiKey } : {}),
    },
  });
  if (bare === '') return { ok: false, reason: `"${llm.model}" names no model after the provider` };
  if (prefix === 'anthropic') return config('anthropic', bare);
  if (prefix === 'openai') return config(baseUrl ? 'openai-compatible' : 'openai', bare);
  if (PROXY_PREFIXES.includes(prefix)) {
    if (!baseUrl)
      return { ok: false, reason: `a "${prefix}/" model needs base_url (the server that serves it)` };
    return config('openai-compatible', bare);
  }
  // Any other endpoint given explicitly is taken to speak the OpenAI-compatible protocol, with the
  // model name passed through as written (gateways route on the full name).
  if (baseUrl) return config('openai-compatible', llm.model);
  if (prefix === '') {
    if (/^claude/i.test(bare)) return config('anthropic', bare);
    if (/^(gpt-|o\d|chatgpt)/i.test(bare)) return config('openai', bare);
  }
  return {
    ok: false,
    reason:
      `model "${llm.model}": this runtime speaks to OpenAI, Anthropic and OpenAI-compatible servers; ` +
      'write it as "openai/<model>" or "anthropic/<model>", or give base_url for a compatible server',
  };
}

/**
 * The upstream `LLM` object describing one of our configurations; never carries a key. The model is
 * named as the client named it when it came from one, else in LiteLLM's naming.
 */
export function toUpstreamLLM(llm: LLMPublicConfig): {
  model: string;
  base_url: string | null;
  api_key: null;
  usage_id: string;
} {
  const model =
    llm.upstream_model ??
    (llm.model === '' ? '' : `${llm.provider === 'anthropic' ? 'anthropic' : 'openai'}/${llm.model}`);
  return { model, base_url: llm.base_url ?? null, api_key: null, usage_id: 'agent' };
}
