import type { Settings } from '../api/wire-types';

export type Provider = NonNullable<Settings['llm']>['provider'];

/** What each provider's fields expect, to guide the person filling them in. */
export const PROVIDERS: Record<
  Provider,
  {
    label: string;
    description: string;
    modelPlaceholder: string;
    baseUrlPlaceholder: string;
    baseUrlHint: string;
  }
> = {
  'openai-compatible': {
    label: 'OpenAI-compatible',
    description: 'vLLM, Ollama, LM Studio, OpenRouter and other servers speaking the OpenAI API',
    modelPlaceholder: 'qwen2.5-coder:32b',
    baseUrlPlaceholder: 'http://localhost:11434/v1',
    baseUrlHint: 'The server’s base URL, usually ending in /v1.',
  },
  openai: {
    label: 'OpenAI',
    description: 'The OpenAI API',
    modelPlaceholder: 'gpt-4.1',
    baseUrlPlaceholder: 'https://api.openai.com/v1',
    baseUrlHint: 'Optional: leave empty for the official API.',
  },
  anthropic: {
    label: 'Anthropic',
    description: 'The Anthropic API',
    modelPlaceholder: 'claude-sonnet-4-5',
    baseUrlPlaceholder: 'https://api.anthropic.com/v1',
    baseUrlHint: 'Optional: leave empty for the official API.',
  },
};
