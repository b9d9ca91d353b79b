import { describe, expect, it } from 'vitest';
import { validateProviderRequest } from './validate-request';

const check = (input: unknown[], extra: Record<string, unknown> = {}) =>
  validateProviderRequest('responses', { model: 'gpt-test', stream: true, input, ...extra });

const call = (callId: string, name = 'terminal') => ({
  type: 'function_call',
  call_id: callId,
  name,
  arguments: '{"command":"ls"}',
});
const output = (callId: string) => ({ type: 'function_call_output', call_id: callId, output: 'ok' });
const user = { role: 'user', content: [{ type: 'input_text', text: 'hi' }] };
const tool = (name: string) => ({ type: 'function', name, parameters: { type: 'object' }, strict: false });

describe('Responses API rules beyond the schema', () => {
  it('accepts a well-formed function call round trip', () => {
    expect(check([user, call('call_1'), output('call_1')], { tools: [tool('terminal')] })).toEqual([]);
  });

  it('checks function names in tools and function calls', () => {
    expect(check([user, call('call_1', 'run it'), output('call_1')], { tools: [tool('a.b')] })).toEqual([
      'tools[0].name: function name must match ^[a-zA-Z0-9_-]{1,64}$',
      'input[1].name: function name must match ^[a-zA-Z0-9_-]{1,64}$',
    ]);
  });

  it('refuses a function description over 1,024 characters', () => {
    const described = { ...tool('terminal'), description: 'x'.repeat(1025) };
    expect(check([user], { tools: [described] })).toEqual([
      'tools[0].description: function description must be at most 1024 characters (got 1025)',
    ]);
  });

  it('refuses an output that answers no earlier function call', () => {
    expect(check([user, output('call_1'), call('call_1')])).toEqual([
      'input[1].call_id: no function_call with call_id "call_1" precedes this function_call_output',
    ]);
  });

  it('pairs nothing when the calls may live in a stored response', () => {
    expect(check([output('call_1')], { previous_response_id: 'resp_1' })).toEqual([]);
  });

  it('refuses a call id used by two function calls or answered twice', () => {
    expect(check([user, call('call_1'), output('call_1'), call('call_1'), output('call_1')])).toEqual([
      'input[3].call_id: duplicate function_call call_id "call_1" (also at input[1])',
      'input[4].call_id: duplicate function_call_output for call_id "call_1" (also at input[2])',
    ]);
  });
});
