import { describe, expect, it } from 'vitest';
import { resolveToolAlias } from './resolve-tool-alias';

const available = new Set(['terminal', 'file_editor', 'think', 'finish']);

describe('resolveToolAlias', () => {
  it.each(['bash', 'execute_bash', 'shell'])('maps %s to terminal', (name) => {
    expect(resolveToolAlias(name, { command: 'ls' }, available)).toEqual({
      toolName: 'terminal',
      args: { command: 'ls' },
    });
  });

  it('maps str_replace to file_editor with the str_replace command', () => {
    const args = { path: '/w/a.txt', old_str: 'a', new_str: 'b' };
    expect(resolveToolAlias('str_replace', args, available)).toEqual({
      toolName: 'file_editor',
      args: { command: 'str_replace', ...args },
    });
  });

  it('infers the file_editor command from the arguments given', () => {
    expect(
      resolveToolAlias('str_replace_editor', { path: '/a', file_text: 'x' }, available).args.command,
    ).toBe('create');
    expect(
      resolveToolAlias('file_editor', { path: '/a', insert_line: 3, new_str: 'x' }, available).args.command,
    ).toBe('insert');
    expect(
      resolveToolAlias('file_editor', { path: '/a', old_str: 'x', new_str: 'y' }, available).args.command,
    ).toBe('str_replace');
    expect(resolveToolAlias('view', { path: '/a' }, available).args.command).toBe('view');
  });

  it('keeps a command the model gave', () => {
    expect(
      resolveToolAlias('file_editor', { command: 'undo_edit', path: '/a' }, available).args.command,
    ).toBe('undo_edit');
  });

  it('leaves unknown names unchanged', () => {
    expect(resolveToolAlias('nonexistent_tool', { a: 1 }, available)).toEqual({
      toolName: 'nonexistent_tool',
      args: { a: 1 },
    });
  });

  it('does not map an alias when the tool itself exists under that name', () => {
    expect(resolveToolAlias('bash', {}, new Set(['bash', 'terminal'])).toolName).toBe('bash');
  });
});
