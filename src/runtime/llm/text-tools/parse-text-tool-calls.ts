import type { ToolCall, ToolSpec } from '../../events';
import { type ToolParameter, toolParameters } from './tool-parameters';

/** What a reply written for the text format holds. */
export interface TextToolCalls {
  /** The words before the first call (what the model said), trimmed. */
  text: string;
  tool_calls: ToolCall[];
  /** By call id: why a call could not be read; the model reads it as that call's error. */
  errors: Record<string, string>;
}

const CALL_START = /<function=([^>\n]*)>/g;
const CALL_END = '</function>';
const PARAMETER = /<parameter=([^>\n]*)>([\s\S]*?)<\/parameter>/g;

/**
 * Reads the calls out of a reply in the format renderToolsPrompt teaches. Never throws: an unclosed
 * call, a parameter left open, a value that is not the JSON its type needs, or text inside a call
 * outside any parameter become a call with an error the model reads (an unknown tool name is left to
 * the loop, which names the tools there are). Arguments are JSON text, as a provider's tool calls.
 */
export function parseTextToolCalls(
  reply: string,
  tools: readonly ToolSpec[],
  newId: () => string,
): TextToolCalls {
  const starts = [...reply.matchAll(CALL_START)];
  const first = starts[0];
  if (!first) return { text: reply.trim(), tool_calls: [], errors: {} };
  const calls: ToolCall[] = [];
  const errors: Record<string, string> = {};
  for (const [index, start] of starts.entries()) {
    const name = (start[1] ?? '').trim();
    const bodyStart = (start.index ?? 0) + start[0].length;
    const nextStart = starts[index + 1]?.index ?? reply.length;
    const end = reply.indexOf(CALL_END, bodyStart);
    const id = newId();
    const closed = end >= 0 && end < nextStart;
    const body = reply.slice(bodyStart, closed ? end : nextStart);
    const read = closed
      ? readArguments(
          body,
          tools.find((tool) => tool.name === name),
        )
      : {
          error: `The call to "${name}" was not closed with ${CALL_END}. Write the whole call again, ending with ${CALL_END}.`,
        };
    calls.push({ id, name, arguments: JSON.stringify('arguments' in read ? read.arguments : {}) });
    if ('error' in read && read.error !== undefined) errors[id] = read.error;
  }
  return { text: reply.slice(0, first.index).trim(), tool_calls: calls, errors };
}

function readArguments(
  body: string,
  tool: ToolSpec | undefined,
): { arguments: Record<string, unknown>; error?: string } | { error: string } {
  const parameters = new Map(
    (tool ? toolParameters(tool) : []).map((parameter) => [parameter.name, parameter]),
  );
  const values: Record<string, unknown> = {};
  let rest = body;
  for (const match of body.matchAll(PARAMETER)) {
    const name = (match[1] ?? '').trim();
    const value = readValue(match[2] ?? '', parameters.get(name));
    if (!value.ok)
      return { error: `Parameter "${name}" must be ${value.expected}: ${value.reason}. Write it as JSON.` };
    values[name] = value.value;
    rest = rest.replace(match[0], '');
  }
  const left = rest.trim();
  if (left.includes('<parameter='))
    return { error: 'A parameter was not closed with </parameter>. Write the whole call again.' };
  if (left !== '')
    return {
      error: 'A call holds text outside any <parameter=…></parameter>. Put every value inside a parameter.',
    };
  return { arguments: values };
}

type ReadValue = { ok: true; value: unknown } | { ok: false; expected: string; reason: string };

function readValue(raw: string, parameter: ToolParameter | undefined): ReadValue {
  // One line break after the opening tag and before the closing one belongs to the layout.
  const text = raw.replace(/^\r?\n/, '').replace(/\r?\n$/, '');
  const type = parameter?.type;
  if (type === undefined || type === 'string') return { ok: true, value: text };
  const trimmed = text.trim();
  if (type === 'integer' || type === 'number') {
    const number = Number(trimmed);
    const valid =
      trimmed !== '' && Number.isFinite(number) && (type === 'number' || Number.isInteger(number));
    return valid
      ? { ok: true, value: number }
      : {
          ok: false,
          expected: type === 'integer' ? 'an integer' : 'a number',
          reason: `got "${clip(trimmed)}"`,
        };
  }
  if (type === 'boolean') {
    if (trimmed === 'true' || trimmed === 'false') return { ok: true, value: trimmed === 'true' };
    return { ok: false, expected: 'true or false', reason: `got "${clip(trimmed)}"` };
  }
  try {
    const value: unknown = JSON.parse(trimmed);
    const isArray = Array.isArray(value);
    const fits =
      type === 'array'
        ? isArray
        : type === 'object'
          ? typeof value === 'object' && value !== null && !isArray
          : true;
    return fits
      ? { ok: true, value }
      : { ok: false, expected: `a JSON ${type}`, reason: 'got another kind of value' };
  } catch (error) {
    return {
      ok: false,
      expected: `a JSON ${type}`,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
