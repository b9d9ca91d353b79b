import type { LLMConfig } from '../../runtime/llm/llm-config';
import type { LLM } from '../../runtime/llm/llm';

type AiSdkModule = typeof import('../../runtime/llm/create-ai-sdk-llm');
let aiSdk: Promise<AiSdkModule> | undefined;

/**
 * createAiSdkLLM, with the AI SDK (about 1.4 MB of provider code) loaded on the first model call
 * instead of at start: a runtime that is only browsed never loads it, and one that is about to call a
 * model waits for it once. The adapter is made on that first call and kept, so what it learns across
 * calls (a history repair the provider asked for) carries on as before.
 */
export function createLazyAiSdkLLM(config: LLMConfig): LLM {
  let adapter: Promise<LLM> | undefined;
  return {
    provider: config.provider,
    model: config.model,
    prices: config.prices,
    async complete(request) {
      adapter ??= loadAiSdk().then((module) => module.createAiSdkLLM(config));
      return (await adapter).complete(request);
    },
  };
}

function loadAiSdk(): Promise<AiSdkModule> {
  aiSdk ??= import('../../runtime/llm/create-ai-sdk-llm');
  return aiSdk;
}
