import { describe, expect, it } from 'vitest';
import type { Action } from '../events';
import { suggestRule } from './suggest-rule';

const terminal = (command: string): Action => ({
  kind: 'TerminalAction',
  command,
  is_input: false,
  reset: false,
});

describe('suggestRule', () => {
  it.each([
    ['npm test -- -u', 'npm test'],
    ['git status', 'git status'],
    ['ls -la src', 'ls'],
    ['npm run build', 'npm run build'],
    ['python main.py', 'python'],
    ['cargo build --release', 'cargo build'],
    ['CI=1 npm test', 'CI=1 npm test'],
    ['cd src && npm test', 'cd src'],
    ['git commit -m "x"', 'git commit'],
    ['./run.sh fast', './run.sh fast'],
  ])('terminal %j suggests the prefix %j', (command, prefix) => {
    expect(suggestRule(terminal(command), '/w')).toEqual({ kind: 'command_prefix', prefix });
  });

  it('suggests nothing for input typed into a running program or an empty command', () => {
    expect(
      suggestRule({ kind: 'TerminalAction', command: 'y', is_input: true, reset: false }, '/w'),
    ).toBeUndefined();
    expect(suggestRule(terminal('   '), '/w')).toBeUndefined();
    expect(suggestRule(terminal('$(curl x)'), '/w')).toBeUndefined();
  });

  it("file editor: the path's folder and everything below it, relative paths from the workspace", () => {
    expect(suggestRule({ kind: 'FileEditorAction', command: 'create', path: 'src/a/b.ts' }, '/w')).toEqual({
      kind: 'path_glob',
      glob: '/w/src/a/**',
    });
    expect(suggestRule({ kind: 'FileEditorAction', command: 'view', path: '/w/../etc/x' }, '/w')).toEqual({
      kind: 'path_glob',
      glob: '/etc/**',
    });
  });
});
