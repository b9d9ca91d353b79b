import { type RepairLevel, isStricter } from './provider-projection-rules';

// Words providers use when the history itself is what they refused. Tool pairing first: only
// flattening calls into text is sure to fix it.
const PAIRING =
  /without `?tool_result|corresponding `?tool_use|unexpected `?tool_use_id|must be a response to a prece|did not have response messages|must be followed by tool messages|no tool call found|tool_call_id.*(not found|no matching)/i;
const HISTORY_SHAPE = new RegExp(
  [
    String.raw`\bids?\b.*(pattern|unique|duplicate)`,
    'duplicate',
    'should match pattern',
    'does not match',
    'string too long',
    'maximum length',
    String.raw`\bname\b`,
    'non-?empty',
    'must not be empty',
    'empty (content|text|string|array)',
    'whitespace',
    'image',
    'media[_ ]?type',
    'mime',
    'base64',
    'unsupported (file|format)',
    'reasoning',
    'thinking',
    'signature',
    'extra inputs',
    'additional properties',
    'unknown (field|parameter|property)',
    'not permitted',
  ].join('|'),
  'i',
);
// A path into the history: Anthropic's `messages.3.content.0`, OpenAI's `messages[2].tool_calls`,
// the Responses API's `input[4]`.
const HISTORY_PATH = /\bmessages(\.\d|\[\d|:)|\binput\[\d/i;
// A top-level argument the model or server does not know: the history cannot fix that.
const TOP_LEVEL_ARGUMENT = /unrecognized request argument|max_tokens|temperature|top_p|model:/i;

/**
 * What a provider's 400 says about the history, as the projection that should fix it: `flat` when
 * tool calls and results do not pair up, `strict` for ids, names, empty or blank content, images,
 * reasoning or fields the provider does not know, none when the words name nothing the history can
 * change (a bad argument, a model that does not exist). Pure.
 */
export function repairForRejection(said: string): RepairLevel | undefined {
  if (PAIRING.test(said)) return 'flat';
  if (TOP_LEVEL_ARGUMENT.test(said) && !HISTORY_PATH.test(said)) return undefined;
  if (HISTORY_SHAPE.test(said) || HISTORY_PATH.test(said)) return 'strict';
  return undefined;
}

/**
 * The projection to retry with: the one the words ask for, or one step stricter than the current
 * when the words ask for no more than is already done; undefined when nothing stricter is left.
 */
export function nextRepair(current: RepairLevel, asked: RepairLevel): RepairLevel | undefined {
  if (isStricter(asked, current)) return asked;
  if (current === 'none') return 'strict';
  if (current === 'strict') return 'flat';
  return undefined;
}
