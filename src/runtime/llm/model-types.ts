import type { createOpenAICompatible } from '@ai-sdk/openai-compatible';

/**
 * The AI SDK's provider-level model (LanguageModelV3) and its call types, derived from an installed
 * provider package so we depend only on the packages package.json lists (`@ai-sdk/provider`, where
 * they are declared, is a transitive dependency). All three providers return this same interface.
 */
export type ProviderModel = ReturnType<ReturnType<typeof createOpenAICompatible>['chatModel']>;
export type ModelCallOptions = Parameters<ProviderModel['doStream']>[0];
export type ModelPrompt = ModelCallOptions['prompt'];
export type ModelMessage = ModelPrompt[number];
export type ModelTool = NonNullable<ModelCallOptions['tools']>[number];
export type ModelStreamPart =
  Awaited<ReturnType<ProviderModel['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;
export type ModelUsage = Extract<ModelStreamPart, { type: 'finish' }>['usage'];
