import type { Dialect } from '../failure-bodies';
import { anthropicRuleViolations } from './anthropic-rules';
import { cacheControlRules, promptCacheKeyRules } from './cache-control-rules';
import { chatCompletionsRuleViolations } from './chat-completions-rules';
import { responsesRuleViolations } from './responses-rules';
import { type RequestSchema, schemaViolations } from './schema-validators';
import { type PathStyle, type Violation, formatPath, formatViolation, isRecord } from './violation';

/**
 * Checks one model API request body the way the real provider would: against the published schema
 * (OpenAI's OpenAPI document, Anthropic's request types; copies under scripts/mock-llm/spec) and the
 * rules the providers document beyond the schema. Returns the violations in plain words, each with
 * the JSON path it is about; empty when the provider would accept the request. Pure.
 */
export function validateProviderRequest(dialect: Dialect, body: unknown): string[] {
  const style = pathStyle(dialect);
  return providerRequestViolations(dialect, body).map((violation) => formatViolation(violation, style));
}

/** The same check, keeping each violation's path apart (for an error body's `param`). */
export function providerRequestViolations(dialect: Dialect, body: unknown): Violation[] {
  if (!isRecord(body)) return [{ path: [], rule: 'the request body must be a JSON object' }];
  const schema = requestSchema(dialect, body);
  return [...schemaViolations(schema, body), ...ruleViolations(dialect, body)];
}

export function pathStyle(dialect: Dialect): PathStyle {
  return dialect === 'anthropic' ? 'anthropic' : 'openai';
}

export { formatPath };

function requestSchema(dialect: Dialect, body: Record<string, unknown>): RequestSchema {
  if (dialect === 'anthropic')
    return body.stream === true ? 'MessageCreateParamsStreaming' : 'MessageCreateParamsNonStreaming';
  return dialect === 'responses' ? 'CreateResponse' : 'CreateChatCompletionRequest';
}

function ruleViolations(dialect: Dialect, body: Record<string, unknown>): Violation[] {
  if (dialect === 'anthropic') return [...anthropicRuleViolations(body), ...cacheControlRules(body)];
  if (dialect === 'responses') return [...responsesRuleViolations(body), ...promptCacheKeyRules(body)];
  return [...chatCompletionsRuleViolations(body), ...promptCacheKeyRules(body)];
}
