import { describe, expect, it } from 'vitest';
import type { Action } from '../events';
import { analyzePatterns } from './analyze-patterns';

const workspaceDir = '/home/dev/project';
const assess = (command: string) =>
  analyzePatterns({ kind: 'TerminalAction', command, is_input: false, reset: false }, workspaceDir);

const CONFIG_REASON = 'changes git configuration';
const CONTROL_REASON = 'git hooks or repository configuration';

describe('git rules: changing what the person’s own git runs is HIGH', () => {
  it.each([
    ['git config core.fsmonitor "touch /tmp/pwned"', CONFIG_REASON],
    ['git config core.hooksPath .githooks', CONFIG_REASON],
    ['git config core.sshCommand "sh -c evil"', CONFIG_REASON],
    ['git config core.pager "sh evil.sh"', CONFIG_REASON],
    ['git config core.editor vim', CONFIG_REASON],
    ['git config diff.json.textconv "sh x"', CONFIG_REASON],
    ['git config filter.lfs.clean "sh x"', CONFIG_REASON],
    ['git config diff.external ./x.sh', CONFIG_REASON],
    ['git config alias.st "!sh x"', CONFIG_REASON],
    ['git config include.path ../evil.cfg', CONFIG_REASON],
    ['git config includeIf.gitdir:/.path ../evil.cfg', CONFIG_REASON],
    ['git config credential.helper "!sh x"', CONFIG_REASON],
    ['git config --global core.fsmonitor x', CONFIG_REASON],
    ['git config --local --add core.fsmonitor x', CONFIG_REASON],
    ['git config --replace-all core.pager x', CONFIG_REASON],
    ['git config --unset core.hooksPath', CONFIG_REASON],
    ['git config --rename-section core x', CONFIG_REASON],
    ['git config -e', CONFIG_REASON],
    ['git config set core.fsmonitor x', CONFIG_REASON],
    ['git config --file .git/config core.fsmonitor x', CONFIG_REASON],
    ['git -C sub config core.fsmonitor x', CONFIG_REASON],
    ['cd sub && git config user.name Eve', CONFIG_REASON],
    ['bash -c "git config core.fsmonitor x"', CONFIG_REASON],
    ['git init --template=./templates', CONFIG_REASON],
    ['git clone --template ./t https://example.com/r.git', CONFIG_REASON],
    ['git clone -c core.fsmonitor=x https://example.com/r.git', CONFIG_REASON],
    ['git clone --config=core.hooksPath=h https://example.com/r.git', CONFIG_REASON],
    ['echo "touch /tmp/pwned" > .git/hooks/pre-commit', CONTROL_REASON],
    ['printf x >> /home/dev/project/.git/hooks/post-checkout', CONTROL_REASON],
    ['cat > .git/hooks/pre-commit <<EOF\n#!/bin/sh\nEOF', CONTROL_REASON],
    ['cp evil.sh .git/hooks/pre-commit', CONTROL_REASON],
    ['mv evil.sh .git/hooks/pre-push', CONTROL_REASON],
    ['install -m 755 evil.sh .git/hooks/pre-commit', CONTROL_REASON],
    ['ln -sf ../../evil.sh .git/hooks/pre-commit', CONTROL_REASON],
    ['echo x | tee .git/hooks/pre-commit', CONTROL_REASON],
    ['chmod +x .git/hooks/pre-commit', CONTROL_REASON],
    ['touch .git/hooks/pre-commit', CONTROL_REASON],
    ['sed -i "s/a/b/" .git/config', CONTROL_REASON],
    ['echo "[core] fsmonitor = x" >> .git/config', CONTROL_REASON],
    ['echo "*.md diff=evil" > .git/info/attributes', CONTROL_REASON],
    ['echo x > .git/config.worktree', CONTROL_REASON],
    ['echo x > .git/modules/lib/config', CONTROL_REASON],
    ['cp evil .git/modules/lib/hooks/pre-commit', CONTROL_REASON],
    ['echo ../evil > .git/worktrees/feature/commondir', CONTROL_REASON],
    ['echo "gitdir: ../evil" > vendor/lib/.git', CONTROL_REASON],
    ['cp -r evil-hooks .git/hooks', CONTROL_REASON],
    ['cd .git/hooks && echo x > pre-commit', CONTROL_REASON],
    ['cd .git && cp ../evil hooks/post-merge', CONTROL_REASON],
    ['sh -c "echo x > .git/hooks/pre-commit"', CONTROL_REASON],
  ])('rates %j HIGH (%s)', (command, reason) => {
    const assessment = assess(command);
    expect(assessment.risk).toBe('HIGH');
    expect(assessment.reasons.join('\n')).toContain(reason);
  });

  it.each([
    'git config user.name',
    'git config --get core.fsmonitor',
    'git config --get-regexp "^alias"',
    'git config -l',
    'git config --list --show-origin',
    'git config get user.email',
    'git config list',
    'git -c core.pager=cat log -1',
    'git init',
    'git clone https://example.com/r.git',
    'git status && git add -A && git commit -m "x"',
    'cat .git/config',
    'ls .git/hooks',
    'cp .git/hooks/pre-commit.sample notes.txt',
    'echo x > hooks/pre-commit',
    'echo x > src/config',
    'echo x > .github/workflows/ci.yml',
    'echo x > .gitignore',
  ])('rates %j below HIGH', (command) => {
    const assessment = assess(command);
    expect(assessment.risk).not.toBe('HIGH');
    expect(assessment.reasons.join('\n')).not.toContain(CONFIG_REASON);
    expect(assessment.reasons.join('\n')).not.toContain(CONTROL_REASON);
  });

  it('names the rule and the command in the reason a person reads', () => {
    expect(assess('git config core.fsmonitor "touch /tmp/pwned"').reasons).toEqual([
      'pattern: changes git configuration, which can make git run programs on the host (fsmonitor, hooks, pager, aliases, filters) (git config core.fsmonitor "touch /tmp/pwned")',
    ]);
  });
});

describe('git rules on the file editor', () => {
  const editor = (command: 'view' | 'create' | 'str_replace', path: string): Action => ({
    kind: 'FileEditorAction',
    command,
    path,
  });

  it.each([
    editor('create', '/home/dev/project/.git/hooks/pre-commit'),
    editor('create', '.git/hooks/post-checkout'),
    editor('str_replace', '/home/dev/project/.git/config'),
    editor('create', '/home/dev/project/.git/info/attributes'),
    editor('create', '/home/dev/project/lib/.git'),
    editor('create', '/home/dev/project/.git/modules/lib/hooks/pre-commit'),
  ])('rates %j HIGH', (action) => {
    const assessment = analyzePatterns(action, workspaceDir);
    expect(assessment.risk).toBe('HIGH');
    expect(assessment.reasons.join('\n')).toContain(CONTROL_REASON);
  });

  it.each([
    editor('view', '/home/dev/project/.git/config'),
    editor('create', '/home/dev/project/.gitignore'),
    editor('create', '/home/dev/project/hooks/pre-commit'),
  ])('rates %j LOW', (action) => {
    expect(analyzePatterns(action, workspaceDir).risk).toBe('LOW');
  });
});
