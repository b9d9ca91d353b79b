import { TOOL_NAME_PATTERN, type Violation, asArray, descriptionViolation, isRecord } from './violation';

/**
 * The Responses API rules beyond its schema: function names well formed, descriptions within 1,024
 * characters, every `function_call_output` answers a `function_call` earlier in the input, and no call id used twice.
 * When the request continues a stored response or conversation (`previous_response_id`,
 * `conversation`) the calls may live there, so outputs are not paired. Pure.
 */
export function responsesRuleViolations(body: Record<string, unknown>): Violation[] {
  const found: Violation[] = [];
  asArray(body.tools).forEach((tool, index) => {
    if (
      isRecord(tool) &&
      tool.type === 'function' &&
      typeof tool.name === 'string' &&
      !TOOL_NAME_PATTERN.test(tool.name)
    )
      found.push({
        path: ['tools', index, 'name'],
        rule: `function name must match ${TOOL_NAME_PATTERN.source}`,
      });
    if (isRecord(tool) && tool.type === 'function')
      found.push(...descriptionViolation(tool.description, ['tools', index, 'description']));
  });
  const continues = body.previous_response_id != null || body.conversation != null;
  const calls = new Map<string, number>();
  const outputs = new Map<string, number>();
  asArray(body.input).forEach((item, index) => {
    if (!isRecord(item) || typeof item.call_id !== 'string') return;
    const path = ['input', index];
    if (item.type === 'function_call') {
      if (typeof item.name === 'string' && !TOOL_NAME_PATTERN.test(item.name))
        found.push({ path: [...path, 'name'], rule: `function name must match ${TOOL_NAME_PATTERN.source}` });
      const earlier = calls.get(item.call_id);
      if (earlier !== undefined)
        found.push({
          path: [...path, 'call_id'],
          rule: `duplicate function_call call_id ${JSON.stringify(item.call_id)} (also at input[${earlier}])`,
        });
      else calls.set(item.call_id, index);
    } else if (item.type === 'function_call_output') {
      const earlier = outputs.get(item.call_id);
      if (earlier !== undefined)
        found.push({
          path: [...path, 'call_id'],
          rule: `duplicate function_call_output for call_id ${JSON.stringify(item.call_id)} (also at input[${earlier}])`,
        });
      else outputs.set(item.call_id, index);
      if (!continues && !calls.has(item.call_id))
        found.push({
          path: [...path, 'call_id'],
          rule: `no function_call with call_id ${JSON.stringify(item.call_id)} precedes this function_call_output`,
        });
    }
  });
  return found;
}
