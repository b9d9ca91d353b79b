import type { ToolCall } from '../../events';

/**
 * A past tool call written as the text format (renderToolsPrompt), so a model without native tools
 * reads its own earlier calls as it would have written them. Arguments that are not a JSON object
 * (a malformed call kept as recorded) give a call with no parameters. Pure.
 */
export function renderTextToolCall(call: ToolCall): string {
  const lines = [`<function=${call.name}>`];
  for (const [name, value] of Object.entries(argumentsOf(call.arguments))) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    lines.push(
      text.includes('\n')
        ? `<parameter=${name}>\n${text}\n</parameter>`
        : `<parameter=${name}>${text}</parameter>`,
    );
  }
  lines.push('</function>');
  return lines.join('\n');
}

function argumentsOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {}; // recorded as the model sent it; the call's error already told the model why
  }
}
