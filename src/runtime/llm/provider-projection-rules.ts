import type { LLMProvider } from '../events';

/**
 * How hard the projection works to get a request accepted. `none`: only what every request needs.
 * `strict`: after a provider refused a request: every call id re-minted, images as notes, reasoning
 * never sent. `flat`: the last resort: tool calls and results as plain text, so no pairing, id or
 * name rule can be broken.
 */
export type RepairLevel = 'none' | 'strict' | 'flat';

export const REPAIR_LEVELS: readonly RepairLevel[] = ['none', 'strict', 'flat'];

export function isStricter(level: RepairLevel, than: RepairLevel): boolean {
  return REPAIR_LEVELS.indexOf(level) > REPAIR_LEVELS.indexOf(than);
}

/** What one provider accepts in a request's history, beyond what the AI SDK already enforces. */
export interface ProviderRules {
  label: string;
  /** A tool call id the provider takes as is. */
  validCallId: (id: string) => boolean;
  maxCallIdLength: number;
  /** Anthropic only, and only with the signature it issued. */
  acceptsReasoning: boolean;
  /** Anthropic reads one system prompt, before the conversation. */
  systemFirstOnly: boolean;
  /** Anthropic refuses tool_use and tool_result blocks in a request that defines no tools. */
  toolBlocksNeedTools: boolean;
  /**
   * Anthropic: the conversation opens with a user turn, and a final assistant turn (a prefill)
   * must not end with whitespace.
   */
  anthropicTurns: boolean;
}

/**
 * OpenAI refuses a function description over 1,024 characters; the others take it. Every request is
 * cut to it whatever the provider (an MCP server's description can be any length), so a conversation
 * can move between providers with the same tools.
 */
export const MAX_TOOL_DESCRIPTION_LENGTH = 1024;

/** Both APIs: `^[a-zA-Z0-9_-]{1,64}$`. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** Anthropic, OpenAI and every OpenAI-compatible server we know take these; not SVG, BMP, TIFF… */
export const ACCEPTED_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);

const ANTHROPIC_ID = /^[a-zA-Z0-9_-]{1,64}$/;
// OpenAI documents no pattern but refuses ids over 40 characters; servers choke on blanks.
const OPENAI_ID = /^[\x21-\x7e]{1,40}$/;

export function providerRules(provider: LLMProvider): ProviderRules {
  if (provider === 'anthropic') {
    return {
      label: 'Anthropic',
      validCallId: (id) => ANTHROPIC_ID.test(id),
      maxCallIdLength: 64,
      acceptsReasoning: true,
      systemFirstOnly: true,
      toolBlocksNeedTools: true,
      anthropicTurns: true,
    };
  }
  return {
    label: provider === 'openai' ? 'OpenAI' : 'the model endpoint',
    validCallId: (id) => OPENAI_ID.test(id),
    maxCallIdLength: 40,
    acceptsReasoning: false,
    systemFirstOnly: false,
    toolBlocksNeedTools: false,
    anthropicTurns: false,
  };
}

/** Any name into the tool-name pattern; names already valid are kept. Same input, same output. */
export function normaliseToolName(name: string): string {
  if (TOOL_NAME_PATTERN.test(name)) return name;
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return cleaned === '' ? 'unnamed_tool' : cleaned;
}
