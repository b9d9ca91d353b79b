import { describe, expect, it } from 'vitest';
import { parseToolCall } from './parse-tool-call';
import { createTestToolset } from './testing/create-test-toolset';

const toolset = createTestToolset();

describe('parseToolCall', () => {
  it('turns a valid call into an action and strips security_risk and summary', async () => {
    const parsed = parseToolCall(
      {
        id: 'c1',
        name: 'terminal',
        arguments: '{"command":"ls","security_risk":"low","summary":"list files"}',
      },
      toolset,
    );
    expect(parsed.action).toEqual({ kind: 'TerminalAction', command: 'ls', is_input: false, reset: false });
    expect(parsed.modelRisk).toBe('LOW');
    expect(parsed.summary).toBe('list files');
  });

  it('names an unknown tool, says not found and lists the available tools', async () => {
    const parsed = parseToolCall({ id: 'call_1', name: 'nonexistent_tool', arguments: '{}' }, toolset);
    expect(parsed.action).toBeNull();
    expect(parsed.error).toContain('nonexistent_tool');
    expect(parsed.error).toContain('not found');
    expect(parsed.error).toContain('terminal, file_editor, think, finish');
  });

  it('stores malformed arguments as a marker object and explains the JSON could not be parsed', async () => {
    const parsed = parseToolCall({ id: 'c', name: 'terminal', arguments: '{"command": ' }, toolset);
    expect(parsed.action).toBeNull();
    expect(parsed.error).toContain('terminal');
    expect(parsed.error).toContain('JSON could not be parsed');
    const stored = JSON.parse(parsed.toolCall.arguments);
    expect(stored._malformed_tool_call).toBe(true);
    expect(typeof stored.error).toBe('string');
  });

  it('lists argument names but never their values on a validation failure', async () => {
    const huge = 'SECRET'.repeat(5_000);
    const parsed = parseToolCall(
      { id: 'c', name: 'terminal', arguments: JSON.stringify({ command: 42, notes: huge }) },
      toolset,
    );
    expect(parsed.action).toBeNull();
    expect(parsed.error).toContain('command');
    expect(parsed.error).toContain('notes');
    expect(parsed.error).not.toContain('SECRET');
    expect(parsed.error?.length ?? 0).toBeLessThan(1_000);
  });

  it('runs bash on terminal and stores the resolved name', async () => {
    const parsed = parseToolCall({ id: 'c', name: 'bash', arguments: '{"command":"pwd"}' }, toolset);
    expect(parsed.toolName).toBe('terminal');
    expect(parsed.toolCall.name).toBe('terminal');
    expect(parsed.action?.kind).toBe('TerminalAction');
  });

  it('stores repaired argument text when the model sent raw control characters', async () => {
    const parsed = parseToolCall(
      { id: 'c', name: 'terminal', arguments: '{"command":"echo a\nb"}' },
      toolset,
    );
    expect(parsed.action).toMatchObject({ command: 'echo a\nb' });
    expect(JSON.parse(parsed.toolCall.arguments)).toEqual({ command: 'echo a\nb' });
  });
});
