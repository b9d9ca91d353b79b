/**
 * How many tokens a model reads in one call, so the condenser can act before the provider refuses a
 * prompt. Known families by name (the part after the last `/`, so `openai/gpt-4o` on a router counts
 * as `gpt-4o`); otherwise a default by provider that errs small, since condensing early costs one
 * summary call while a refused prompt costs a failed step.
 */
const KNOWN_WINDOWS: readonly (readonly [RegExp, number])[] = [
  [/^gpt-4\.1/, 1_047_576],
  [/^gpt-5/, 400_000],
  [/^gpt-4o/, 128_000],
  [/^gpt-4-turbo/, 128_000],
  [/^gpt-4(-\d{4})?$/, 8_192],
  [/^gpt-3\.5-turbo/, 16_385],
  [/^o[134](-|$)/, 200_000],
  [/^claude-/, 200_000],
  [/^gemini-(1\.5|2|3)/, 1_048_576],
  [/^deepseek-/, 128_000],
  [/^(meta-)?llama-3\.[1-3]/, 128_000],
  [/^mistral-large/, 128_000],
  [/^qwen(2\.5|3)-coder/, 128_000],
];

/** Unknown models: Anthropic's are all 200k; an unknown OpenAI or OpenAI-compatible model gets 32k. */
const DEFAULT_WINDOWS: Readonly<Record<string, number>> = { anthropic: 200_000 };
export const DEFAULT_CONTEXT_WINDOW = 32_768;

/**
 * The context window of `model` in tokens. `overrides` (model name, exact and case-insensitive, to
 * tokens) win over the table, for a model the table does not know or knows wrong.
 */
export function contextWindowOf(
  model: string,
  provider: string,
  overrides: Readonly<Record<string, number>> = {},
): number {
  return knownContextWindowOf(model, provider, overrides) ?? DEFAULT_CONTEXT_WINDOW;
}

/** The window when an override, the table or the provider knows it; undefined when it is a guess. */
export function knownContextWindowOf(
  model: string,
  provider: string,
  overrides: Readonly<Record<string, number>> = {},
): number | undefined {
  const name = model.trim().toLowerCase();
  for (const [key, tokens] of Object.entries(overrides)) {
    if (key.trim().toLowerCase() === name && Number.isFinite(tokens) && tokens > 0) return tokens;
  }
  const bare = name.slice(name.lastIndexOf('/') + 1);
  for (const [pattern, tokens] of KNOWN_WINDOWS) if (pattern.test(bare)) return tokens;
  return DEFAULT_WINDOWS[provider];
}

/** Room left for the model's reply: a tenth of the window, at most 16k tokens. */
export function replyReserve(window: number): number {
  return Math.min(16_384, Math.floor(window / 10));
}

/**
 * How many prompt tokens a step may send before the view is condensed: `fraction` of the window
 * (default 75%, so the estimate's error and the tool specs have slack) minus room for the reply.
 */
export function promptBudget(window: number, fraction = 0.75): number {
  return Math.max(1, Math.floor(window * fraction) - replyReserve(window));
}

/**
 * The window a provider states when it refuses a prompt: OpenAI and vLLM say "maximum context
 * length is 8192 tokens", Anthropic "210000 tokens > 200000 maximum". Undefined when the text says
 * neither or the number is implausible (the text is the provider's, passed on in an error detail).
 */
export function contextWindowFromError(detail: string): number | undefined {
  const stated =
    /maximum context length is (\d[\d,]*) tokens/i.exec(detail)?.[1] ??
    /\d[\d,]* tokens? > (\d[\d,]*) maximum/i.exec(detail)?.[1];
  if (stated === undefined) return undefined;
  const tokens = Number(stated.replaceAll(',', ''));
  return tokens >= 1_000 && tokens <= 20_000_000 ? tokens : undefined;
}
