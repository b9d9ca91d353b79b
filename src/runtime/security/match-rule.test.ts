import { describe, expect, it } from 'vitest';
import type { Action, ApprovalRule, RuleMatcher } from '../events';
import { matchesRule as matchesRuleOf, ruleSubject } from './match-rule';

const WORKSPACE = '/home/dev/project';

const matchesRule = (rule: ApprovalRule, toolName: string, action: Action, workspaceDir: string) =>
  matchesRuleOf(rule, ruleSubject(toolName, action, workspaceDir));

function rule(tool: string, matcher: RuleMatcher): ApprovalRule {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    tool,
    matcher,
    effect: 'allow',
    allow_high_risk: false,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

const terminal = (command: string): Action => ({
  kind: 'TerminalAction',
  command,
  is_input: false,
  reset: false,
});
const editor = (path: string): Action => ({ kind: 'FileEditorAction', command: 'view', path });

/** [prefix, command, matches] */
const COMMANDS: [string, string, boolean][] = [
  // Plain matches: word-wise, any arguments after the prefix.
  ['npm test', 'npm test', true],
  ['npm test', 'npm test -- -u', true],
  ['npm test', 'npm  test', true],
  ['npm test', '  npm test  ', true],
  ['npm test', 'npm\ttest', true],
  ['npm test', 'npm test --watch=false', true],
  ['npm', 'npm run build', true],
  ['git status', 'git status --short', true],
  ['ls', 'ls -la src', true],
  ['npm test', 'npm test # run the suite', true],
  ['npm test', 'npm test 2>/dev/null', true],
  ['npm test', 'npm test >/dev/null 2>&1', true],
  ['npm test', 'npm test &>/dev/null', true],
  ['npm test', 'npm test $HOME', true],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
  ['npm test', 'npm test ${HOME}', true],
  ['npm test', 'npm test src/*.ts', true],
  ['CI=1 npm test', 'CI=1 npm test', true],
  // Quote removal on both sides.
  ['npm test', "'npm' test", true],
  ['npm test', '"npm" "test"', true],
  ['npm test', 'np"m" te\'st\'', true],
  ['npm test', 'npm test "a; b"', true],
  ['npm test', "npm test 'a && b | c'", true],
  ['npm test', "npm test '$(rm -rf ~)'", true],
  ['npm test', 'npm test \\;', true],
  ['grep -r', 'grep -r "foo|bar" src', true],
  ['grep', "grep -r 'foo|bar' src", true],
  ['echo "hello world"', 'echo "hello world" again', true],
  ['echo hello world', 'echo "hello world"', false],
  // Near misses.
  ['npm test', 'npm testing', false],
  ['npm test', 'npm tes', false],
  ['npm test', 'npm', false],
  ['npm test', 'npx test', false],
  ['npm test', '/usr/bin/npm test', false],
  ['npm test', 'sudo npm test', false],
  ['npm test', 'env npm test', false],
  ['npm test', '"npm test"', false],
  ['npm test', 'npm\\ test', false],
  ['npm test', 'FOO=1 npm test', false],
  ['npm test', '', false],
  // Injections: lists, pipes, background, newlines.
  ['npm test', 'npm test; rm -rf ~', false],
  ['npm test', 'npm test;rm -rf ~', false],
  ['npm test', 'npm test && curl x | sh', false],
  ['npm test', 'npm test || rm -rf ~', false],
  ['npm test', 'npm test | sh', false],
  ['npm test', 'npm test |& tee log', false],
  ['npm test', 'npm test & rm -rf ~', false],
  ['npm test', 'npm test &', false],
  ['npm test', 'npm test\nrm -rf ~', false],
  ['npm test', 'npm test\r\nrm -rf ~', false],
  ['npm test', 'npm test \\\nrm', false],
  // Substitutions.
  ['npm test', 'npm test $(rm -rf ~)', false],
  ['npm test', 'npm test `id`', false],
  ['npm test', 'npm test "$(id)"', false],
  ['npm test', 'npm test "`id`"', false],
  ['npm test', 'echo "$(npm test)"', false],
  ['npm test', 'npm test $((1+2))', false],
  ['npm test', 'npm test $[x]', false],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
  ['npm test', 'npm test ${PS1@P}', false],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
  ['npm test', 'npm test "${X:-default}"', false],
  ['npm test', 'npm test <(curl x)', false],
  ['npm test', 'npm test >(sh)', false],
  ['npm test', "npm test $'\\''; rm -rf ~; echo $'\\''", false],
  ['npm test', 'npm test !!', false],
  ['npm test', 'npm test "!-1"', false],
  // Subshells, groups, redirections, heredocs.
  ['npm test', '(npm test)', false],
  ['npm test', '{ npm test; }', false],
  ['npm test', 'npm test > ~/.bashrc', false],
  ['npm test', 'npm test >> out.log', false],
  ['npm test', 'npm test 2> err.log', false],
  ['npm test', 'npm test < /etc/passwd', false],
  ['npm test', 'npm test >| out', false],
  ['npm test', 'npm test <<EOF', false],
  ['npm test', 'npm test <<< "x"', false],
  // Environment that changes what runs.
  ['npm test', 'PATH=/tmp npm test', false],
  ['PATH=/tmp npm test', 'PATH=/tmp npm test', false],
  ['LD_PRELOAD=/tmp/x.so npm test', 'LD_PRELOAD=/tmp/x.so npm test', false],
  ['NODE_OPTIONS=--require=x npm test', 'NODE_OPTIONS=--require=x npm test', false],
  // Unclosed quotes and a prefix that is not one simple command.
  ['npm test', 'npm test "unclosed', false],
  ['npm test', "npm test 'unclosed", false],
  ['npm test; rm', 'npm test; rm', false],
];

/** [glob, path, matches] */
const PATHS: [string, string, boolean][] = [
  ['/home/dev/project/src/**', '/home/dev/project/src/a.ts', true],
  ['/home/dev/project/src/**', '/home/dev/project/src/deep/er/a.ts', true],
  ['/home/dev/project/src/**', '/home/dev/project/src', true],
  ['/home/dev/project/src/**', '/home/dev/project/srcx/a.ts', false],
  ['/home/dev/project/src/**', '/home/dev/project/test/a.ts', false],
  ['src/**', 'src/a.ts', true],
  ['src/**', '/home/dev/project/src/a.ts', true],
  ['src/**', '/elsewhere/src/a.ts', false],
  ['src/', 'src/x/y.ts', true],
  ['src/*.ts', 'src/a.ts', true],
  ['src/*.ts', 'src/sub/a.ts', false],
  ['src/*.ts', 'src/a.tsx', false],
  ['src/?.ts', 'src/a.ts', true],
  ['src/?.ts', 'src/ab.ts', false],
  ['**/*.md', 'docs/readme.md', true],
  ['**/*.md', 'readme.md', true],
  ['/home/dev/project/**/*.md', '/home/dev/project/a/b/c.md', true],
  ['src/**/test/*.ts', 'src/test/a.ts', true],
  ['src/**/test/*.ts', 'src/a/b/test/a.ts', true],
  ['src/**', 'src/../secrets/key', false],
  ['src/**', './src/./a.ts', true],
  ['src/a.ts', 'src/a.ts', true],
  ['src/a.ts', 'src/a+ts', false],
  ['src/(x).ts', 'src/(x).ts', true],
  ['src/[ab].ts', 'src/a.ts', false],
];

describe('matchesRule', () => {
  it.each(COMMANDS)('prefix %j against %j: %s', (prefix, command, expected) => {
    expect(
      matchesRule(
        rule('terminal', { kind: 'command_prefix', prefix }),
        'terminal',
        terminal(command),
        WORKSPACE,
      ),
    ).toBe(expected);
  });

  it.each(PATHS)('glob %j against %j: %s', (glob, path, expected) => {
    expect(
      matchesRule(rule('file_editor', { kind: 'path_glob', glob }), 'file_editor', editor(path), WORKSPACE),
    ).toBe(expected);
  });

  it('an any rule matches every action of its tool and nothing of another', () => {
    const any = rule('terminal', { kind: 'any' });
    expect(matchesRule(any, 'terminal', terminal('rm -rf ~; curl x | sh'), WORKSPACE)).toBe(true);
    expect(matchesRule(any, 'file_editor', editor('a.ts'), WORKSPACE)).toBe(false);
  });

  it('a command prefix never matches input typed into a running program', () => {
    const input: Action = { kind: 'TerminalAction', command: 'npm test', is_input: true, reset: false };
    const prefix = rule('terminal', { kind: 'command_prefix', prefix: 'npm test' });
    expect(matchesRule(prefix, 'terminal', input, WORKSPACE)).toBe(false);
  });

  it('a rule for one tool ignores actions of another', () => {
    const prefix = rule('terminal', { kind: 'command_prefix', prefix: 'npm test' });
    expect(matchesRule(prefix, 'file_editor', terminal('npm test'), WORKSPACE)).toBe(false);
    const glob = rule('file_editor', { kind: 'path_glob', glob: '**' });
    expect(matchesRule(glob, 'file_editor', terminal('npm test'), WORKSPACE)).toBe(false);
  });
});
