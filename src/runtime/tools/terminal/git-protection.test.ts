import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findExecutable } from '../../sandbox/find-executable';
import { createTerminalSession, type TerminalSession } from './terminal-session';

/**
 * The agent plants code that the person's own git runs on the host, outside the sandbox: an
 * fsmonitor in .git/config runs at every `git status`, a hook at the next commit. Each attack runs in
 * the real sandbox; afterwards the person's git must run nothing the agent wrote.
 */
const bwrapPath = findExecutable('bwrap', process.env.PATH);
const gitPath = findExecutable('git', process.env.PATH);
const HOST_GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

let root: string;
let workspaceDir: string;
let marker: string;
const sessions: TerminalSession[] = [];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'awb-git-protection-'));
  workspaceDir = join(root, 'workspace');
  marker = join(workspaceDir, 'PLANTED-CODE-RAN');
  await mkdir(join(root, 'home'));
  await mkdir(workspaceDir);
});

afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
  await rm(root, { recursive: true, force: true });
});

function hostGit(args: string[], cwd = workspaceDir): string {
  return execFileSync('git', ['-c', 'user.name=Person', '-c', 'user.email=p@example.com', ...args], {
    cwd,
    env: HOST_GIT_ENV,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function runInSandbox(command: string): Promise<string> {
  let session = sessions[0];
  if (session === undefined) {
    session = createTerminalSession({
      workspaceDir,
      dataDir: join(root, 'data'),
      env: { ...process.env, HOME: join(root, 'home') },
      sandbox: true,
    });
    sessions.push(session);
  }
  const result = await session.run(
    { kind: 'command', command },
    { noOutputTimeoutMs: 10_000, hardTimeoutMs: 30_000, signal: new AbortController().signal },
  );
  return [result.output, ...result.notices].join('\n');
}

/** Everything under .git that decides what git runs, as text, to compare before and after. */
function controlSnapshot(gitDir: string): string {
  const hooks = readdirSync(join(gitDir, 'hooks')).sort();
  const info = existsSync(join(gitDir, 'info')) ? readdirSync(join(gitDir, 'info')).sort() : [];
  return JSON.stringify({
    config: readFileSync(join(gitDir, 'config'), 'utf8'),
    hooks,
    info,
    commondir: existsSync(join(gitDir, 'commondir')),
  });
}

describe('git protection (real bwrap, real git)', () => {
  it('an approved agent cannot plant an fsmonitor, hooks or a swapped .git that the host git runs', async () => {
    hostGit(['init', '-q']);
    await writeFile(join(workspaceDir, 'a.txt'), 'a\n');
    hostGit(['add', 'a.txt']);
    hostGit(['commit', '-qm', 'first']);
    const before = controlSnapshot(join(workspaceDir, '.git'));
    const plant = `touch ${marker}`;
    const output = await runInSandbox(
      [
        `git config core.fsmonitor '${plant}'; echo "config-exit=$?"`,
        `git config core.hooksPath hooks2; echo "hookspath-exit=$?"`,
        `printf '#!/bin/sh\\n${plant}\\n' > .git/hooks/pre-commit; echo "hook-exit=$?"`,
        'chmod +x .git/hooks/pre-commit; mv .git/hooks .git/hooks-old; echo "move-hooks-exit=$?"',
        `printf '* diff=evil\\n' > .git/info/attributes; echo "info-exit=$?"`,
        'mv .git .git-old; echo "move-git-exit=$?"',
        'rm -rf .git/hooks; echo "rm-hooks-exit=$?"',
        'echo b > b.txt && git add b.txt && git -c user.name=A -c user.email=a@x commit -qm second; echo "commit-exit=$?"',
      ].join('\n'),
    );
    expect(output).toMatch(/config-exit=[1-9]/);
    expect(output).toMatch(/hookspath-exit=[1-9]/);
    expect(output).toMatch(/hook-exit=[1-9]/);
    expect(output).toMatch(/move-hooks-exit=[1-9]/);
    expect(output).toMatch(/info-exit=[1-9]/);
    expect(output).toMatch(/move-git-exit=[1-9]/);
    // Git itself keeps working for the agent: objects, refs and the index are writable.
    expect(output).toContain('commit-exit=0');
    expect(controlSnapshot(join(workspaceDir, '.git'))).toBe(before);
    hostGit(['status']);
    await writeFile(join(workspaceDir, 'c.txt'), 'c\n');
    hostGit(['add', 'c.txt']);
    hostGit(['commit', '-qm', 'by the person']);
    expect(existsSync(marker)).toBe(false);
    expect(hostGit(['log', '--format=%s'])).toBe('by the person\nsecond\nfirst\n');
  });

  it("protects a submodule's git directory and its .git file the same way", async () => {
    const library = join(root, 'library');
    await mkdir(library);
    hostGit(['init', '-q'], library);
    await writeFile(join(library, 'l.txt'), 'l\n');
    hostGit(['add', '.'], library);
    hostGit(['commit', '-qm', 'lib'], library);
    hostGit(['init', '-q']);
    hostGit(['-c', 'protocol.file.allow=always', 'submodule', '-q', 'add', library, 'vendor/lib']);
    hostGit(['commit', '-qm', 'with submodule']);
    const moduleDir = join(workspaceDir, '.git', 'modules', 'vendor', 'lib');
    const before = controlSnapshot(moduleDir);
    const output = await runInSandbox(
      [
        `cd vendor/lib && git config core.fsmonitor 'touch ${marker}'; echo "module-config-exit=$?"; cd ../..`,
        `printf '#!/bin/sh\\ntouch ${marker}\\n' > ${moduleDir}/hooks/pre-commit; echo "module-hook-exit=$?"`,
        'echo "gitdir: ../../evil" > vendor/lib/.git; echo "gitfile-exit=$?"',
      ].join('\n'),
    );
    expect(output).toMatch(/module-config-exit=[1-9]/);
    expect(output).toMatch(/module-hook-exit=[1-9]/);
    expect(output).toMatch(/gitfile-exit=[1-9]/);
    expect(controlSnapshot(moduleDir)).toBe(before);
    hostGit(['status']);
    expect(existsSync(marker)).toBe(false);
  });

  it('protects a repository the agent creates from the next command on, by starting a new shell', async () => {
    const created = await runInSandbox('git init -q && echo "init-exit=$?"');
    expect(created).toContain('init-exit=0');
    const before = controlSnapshot(join(workspaceDir, '.git'));
    const output = await runInSandbox(
      `printf '#!/bin/sh\\ntouch ${marker}\\n' > .git/hooks/pre-commit; echo "hook-exit=$?"; git config core.fsmonitor 'touch ${marker}'; echo "config-exit=$?"`,
    );
    expect(output).toMatch(/hook-exit=[1-9]/);
    expect(output).toMatch(/config-exit=[1-9]/);
    expect(output).toContain('a new shell was started');
    expect(controlSnapshot(join(workspaceDir, '.git'))).toBe(before);
    await writeFile(join(workspaceDir, 'a.txt'), 'a\n');
    hostGit(['add', 'a.txt']);
    hostGit(['commit', '-qm', 'by the person']);
    expect(existsSync(marker)).toBe(false);
  });
});

// Without bubblewrap and git these attacks cannot run: that is a failure, not a pass.
it('finds bubblewrap and git to test the protection with', () => {
  expect(bwrapPath, 'install bubblewrap (apt-get install bubblewrap)').toBeDefined();
  expect(gitPath, 'install git (apt-get install git)').toBeDefined();
});
