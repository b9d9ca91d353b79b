/**
 * Which models think before they answer, decided from the model id alone (no network). These decide
 * the API (OpenAI reasoning models go through the Responses API, the only one that returns reasoning
 * summaries) and the call options (reasoning effort, extended thinking, output budgets). Pure.
 */

/**
 * OpenAI's reasoning models: the o-series (o1, o3-mini, o4-mini…), gpt-5 and later (gpt-5, gpt-5-mini,
 * gpt-5.1-codex…) and the codex models (codex-mini-latest). The `gpt-5-chat` variants are excluded:
 * they are plain chat models that refuse reasoning settings.
 */
export function isOpenAIReasoningModel(model: string): boolean {
  const id = model.trim().toLowerCase();
  if (/^o\d+(?:-|$)/.test(id)) return true;
  if (/^codex(?:-|$)/.test(id)) return true;
  const gpt = /^gpt-(\d+)(?:\.\d+)?(?:-(.+))?$/.exec(id);
  if (!gpt) return false;
  return Number(gpt[1]) >= 5 && !(gpt[2] ?? '').startsWith('chat');
}

/**
 * The plain gpt-5 family (gpt-5, gpt-5-mini, gpt-5-nano, dated snapshots) accepts the `minimal`
 * reasoning effort; later versions, codex and the o-series start at `low`.
 */
export function acceptsMinimalReasoningEffort(model: string): boolean {
  const id = model.trim().toLowerCase();
  return /^gpt-5(?:-|$)/.test(id) && !/codex|chat/.test(id);
}

/**
 * Anthropic models with extended thinking: claude-3-7-sonnet, and from the 4 generation on every
 * sonnet and opus (claude-sonnet-4, claude-opus-4-1…) and haiku from 4.5 (claude-haiku-4-5). Dated
 * ids (claude-sonnet-4-20250514), `-latest` aliases and Bedrock or Vertex spellings count as their family.
 */
export function supportsAnthropicThinking(model: string): boolean {
  const id = model.trim().toLowerCase();
  if (/(?:^|[^a-z0-9])claude-3-7-sonnet(?:-|$)/.test(id)) return true;
  const match = /(?:^|[^a-z0-9])claude-(sonnet|opus|haiku)-(\d+)(?:-(\d{1,2})(?!\d))?(?![a-z0-9])/.exec(id);
  if (!match) return false;
  const family = match[1];
  const major = Number(match[2]);
  const minor = match[3] === undefined ? 0 : Number(match[3]);
  if (family === 'haiku') return major > 4 || (major === 4 && minor >= 5);
  return major >= 4;
}
