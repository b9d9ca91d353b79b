import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requireExecutable } from '../sandbox/testing/require-executable';
import { RuntimeError } from '../errors/runtime-error';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness | undefined;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function temporaryFolder(prefix: string): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
  }).toString();

/** A repository with one commit, a sub-folder, and a post-checkout hook that leaves a marker if it ever runs. */
function repository(): { repo: string; marker: string } {
  const root = temporaryFolder('worktree-parent-');
  const repo = join(root, 'repo');
  mkdirSync(join(repo, 'sub'), { recursive: true });
  git(root, 'init', '-q', '-b', 'main', repo);
  writeFileSync(join(repo, 'sub', 'tracked.txt'), 'original\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'initial');
  const marker = join(root, 'hook-ran');
  const hook = join(repo, '.git', 'hooks', 'post-checkout');
  writeFileSync(hook, `#!/bin/sh\ntouch ${marker}\n`);
  chmodSync(hook, 0o755);
  return { repo, marker };
}

async function start(): Promise<ServiceHarness> {
  harness = await createServiceHarness({ checkpoints: true });
  return harness;
}

describe('create with worktree: true', () => {
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
  });

  it("works in its own worktree on a branch named after the conversation, runs none of the repository's hooks, and deletes it with the conversation", async () => {
    const { repo, marker } = repository();
    const h = await start();
    const id = await h.create({ workspace: { working_dir: join(repo, 'sub') }, worktree: true });
    const workspace = (await h.service.get(id)).workspace.working_dir;
    const folder = dirname(workspace);
    expect(dirname(folder)).toBe(join(dirname(repo), 'repo.worktrees'));
    expect(workspace).toBe(join(folder, 'sub'));
    expect(readFileSync(join(workspace, 'tracked.txt'), 'utf8')).toBe('original\n');
    expect(git(repo, 'branch', '--list', `openhands/${id}`)).toContain(`openhands/${id}`);
    expect(git(repo, 'worktree', 'list')).toContain(folder);
    expect(git(folder, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe(`openhands/${id}`);
    expect(existsSync(marker)).toBe(false);

    await h.service.delete(id);
    expect(existsSync(folder)).toBe(false);
    expect(git(repo, 'worktree', 'list')).not.toContain(folder);
    // Its commits stay reachable on its branch; the person's checkout is untouched.
    expect(git(repo, 'branch', '--list', `openhands/${id}`)).toContain(`openhands/${id}`);
    expect(readFileSync(join(repo, 'sub', 'tracked.txt'), 'utf8')).toBe('original\n');
  });

  it('refuses a folder in no repository with worktree_not_a_repository and makes nothing', async () => {
    const plain = join(temporaryFolder('worktree-plain-'), 'plain');
    mkdirSync(plain);
    const h = await start();
    const refusal = await h
      .create({ workspace: { working_dir: plain }, worktree: true })
      .catch((error) => error);
    expect(refusal).toBeInstanceOf(RuntimeError);
    expect((refusal as RuntimeError).code).toBe('worktree_not_a_repository');
    expect(existsSync(`${plain}.worktrees`)).toBe(false);
    expect((await h.service.search({ limit: 10, sort_order: 'CREATED_AT_DESC' })).items).toEqual([]);
  });

  it("works in a folder the create made itself (the Canvas's new project folder), as upstream does", async () => {
    const missing = join(temporaryFolder('worktree-new-'), 'project', 'abc');
    const h = await start();
    const id = await h.create({
      workspace: { kind: 'LocalWorkspace', working_dir: missing },
      worktree: true,
    });
    expect((await h.service.get(id)).workspace.working_dir).toBe(missing);
    expect(existsSync(missing)).toBe(true);
  });
});
