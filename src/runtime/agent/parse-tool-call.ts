import type { Action, SecurityRisk, ToolCall } from '../events';
import { SecurityRiskSchema } from '../events';
import type { Toolset } from '../tools/tool';
import { escapeControlCharactersInStrings, parseArgumentsJson } from './parse-arguments-json';
import { resolveToolAlias } from './resolve-tool-alias';

/** One tool call made ready for an ActionEvent: an action to run, or an error the model reads. */
export interface ParsedToolCall {
  toolName: string;
  /** What to store as the event's tool_call (name resolved, arguments repaired when they had to be). */
  toolCall: ToolCall;
  action: Action | null;
  /** Text for an AgentErrorEvent when `action` is null. */
  error?: string;
  modelRisk?: SecurityRisk;
  summary?: string;
}

/**
 * Never throws: every way a tool call can be wrong becomes `action: null` with an explanation.
 * `readError`: why the call could not be read from the reply's text (a model without native tools).
 */
export function parseToolCall(call: ToolCall, toolset: Toolset, readError?: string): ParsedToolCall {
  if (readError !== undefined) {
    const stored = JSON.stringify({ _malformed_tool_call: true, error: readError });
    return { toolName: call.name, toolCall: { ...call, arguments: stored }, action: null, error: readError };
  }
  const parsedJson = parseArgumentsJson(call.arguments);
  if (!parsedJson.ok) {
    const error = `Could not parse the arguments of tool "${call.name}": the JSON could not be parsed (${parsedJson.error}). Send the arguments as one valid JSON object.`;
    const stored = JSON.stringify({ _malformed_tool_call: true, error: parsedJson.error });
    return { toolName: call.name, toolCall: { ...call, arguments: stored }, action: null, error };
  }
  const available = new Set(toolset.tools.map((tool) => tool.name));
  const { toolName, args } = resolveToolAlias(call.name, parsedJson.value, available);
  const repairedArguments =
    call.arguments.trim() === ''
      ? '{}'
      : safeJson(call.arguments)
        ? call.arguments
        : escapeControlCharactersInStrings(call.arguments);
  const toolCall: ToolCall = { id: call.id, name: toolName, arguments: repairedArguments };
  const tool = toolset.get(toolName);
  if (!tool) {
    const names = [...available].join(', ');
    const error = `Tool "${call.name}" not found. Available tools: ${names}.`;
    return { toolName: call.name, toolCall, action: null, error };
  }
  const { security_risk: rawRisk, summary: rawSummary, ...toolArgs } = args;
  const modelRisk = readRisk(rawRisk);
  const summary = typeof rawSummary === 'string' && rawSummary.trim() !== '' ? rawSummary : undefined;
  const extras = { ...(modelRisk ? { modelRisk } : {}), ...(summary ? { summary } : {}) };
  const result = tool.parseArguments(toolArgs);
  if (!result.ok) {
    const names = Object.keys(toolArgs);
    const given = names.length > 0 ? names.join(', ') : 'none';
    const reason = scrubValues(result.error, toolArgs);
    const error = `Invalid arguments for tool "${toolName}": ${reason} (arguments given: ${given}).`;
    return { toolName, toolCall, action: null, error, ...extras };
  }
  return { toolName, toolCall, action: result.action, ...extras };
}

function safeJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false; // the caller repairs it instead
  }
}

function readRisk(value: unknown): SecurityRisk | undefined {
  if (typeof value !== 'string') return undefined;
  const parsed = SecurityRiskSchema.safeParse(value.toUpperCase());
  return parsed.success ? parsed.data : undefined;
}

const MAX_REASON_LENGTH = 500;

/** A tool's validation message must not echo argument values back (they can be huge or secret). */
function scrubValues(reason: string, args: Record<string, unknown>): string {
  let scrubbed = reason;
  for (const value of Object.values(args)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (text && text.length >= 4) scrubbed = scrubbed.split(text).join('<value omitted>');
  }
  return scrubbed.length > MAX_REASON_LENGTH ? `${scrubbed.slice(0, MAX_REASON_LENGTH)}…` : scrubbed;
}
