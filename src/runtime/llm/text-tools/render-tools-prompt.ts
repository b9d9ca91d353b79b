import type { ToolSpec } from '../../events';
import { toolParameters } from './tool-parameters';

/**
 * The system prompt text that offers `tools` to a model without native function calling, in the
 * format OpenHands' SDK uses for such models (`<function=NAME>` with `<parameter=NAME>` values), so a
 * model tuned on it writes what parseTextToolCalls reads. Pure; the same tools give the same bytes.
 */
export function renderToolsPrompt(tools: readonly ToolSpec[]): string {
  return [
    'You can call these tools. To call one, write the call in this exact form, after any words of your own:',
    '',
    '<function=TOOL_NAME>',
    '<parameter=PARAMETER_NAME>value</parameter>',
    '<parameter=OTHER_PARAMETER>',
    'a value that spans',
    'several lines',
    '</parameter>',
    '</function>',
    '',
    'Rules:',
    '- Text is written as it is. A number, true or false, a list or an object is written as JSON.',
    '- Close each parameter with </parameter> and each call with </function>. Give every required parameter.',
    '- Several calls in one reply run in the order written. Write nothing after the last call.',
    '- Each result comes back in a user message that begins "EXECUTION RESULT of [TOOL_NAME]:".',
    '- When no tool is needed, answer in plain words without any <function= tag.',
    '',
    'Tools:',
    ...tools.map(renderTool),
  ].join('\n');
}

function renderTool(tool: ToolSpec): string {
  const lines = ['', `## ${tool.name}`, tool.description.trim() || '(no description)'];
  const parameters = toolParameters(tool);
  if (parameters.length === 0) lines.push('Parameters: none.');
  else lines.push('Parameters:');
  for (const parameter of parameters) {
    const traits = [parameter.type ?? 'any', ...(parameter.required ? ['required'] : [])].join(', ');
    const described = parameter.description ? `: ${oneLine(parameter.description)}` : '';
    lines.push(`- ${parameter.name} (${traits})${described}`);
    if (parameter.choices)
      lines.push(`  one of: ${parameter.choices.map((choice) => JSON.stringify(choice)).join(', ')}`);
  }
  return lines.join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
