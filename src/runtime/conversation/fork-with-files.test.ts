import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkpointsDir } from './conversation-checkpoints';
import {
  actionsOf as actions,
  checkpointTestBench,
  createFileCall as create,
  runSteps,
} from './testing/checkpoint-test-bench';

const bench = checkpointTestBench();
const { start, gitRepository, cleanups } = bench;
afterEach(() => bench.close());

describe('forks with files', () => {
  it('copy (no repository): the fork gets the files as they were at the fork point, in its own folder', async () => {
    const parent = realpathSync(mkdtempSync(join(tmpdir(), 'ckpt-plain-')));
    cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
    const workspace = join(parent, 'ws');
    await mkdir(workspace);
    await writeFile(join(workspace, 'a.txt'), 'one\n');
    const h = await start({ workspace });
    const id = await h.create();
    await runSteps(h, id, [[create(join(workspace, 'b.txt'), 'first\n')]], 'first');
    const firstAnswer = (await h.service.get(id)).leaf_event_id as string;
    await runSteps(
      h,
      id,
      [[{ id: 'sh', name: 'terminal', arguments: { command: 'echo two > a.txt; echo second > b.txt' } }]],
      'second',
    );
    const fork = await h.service.fork(id, { from_event_id: firstAnswer, reset_metrics: true });

    expect(fork.branch_folder).toBe(true);
    const folder = fork.workspace.working_dir;
    expect(dirname(folder)).toBe(join(parent, 'ws.branches'));
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('one\n');
    expect(readFileSync(join(folder, 'b.txt'), 'utf8')).toBe('first\n');

    // The fork's agent writes in its own folder; the original stays as it was.
    await runSteps(
      h,
      fork.id,
      [[{ id: 'w', name: 'terminal', arguments: { command: 'echo fork > a.txt' } }]],
      'fork work',
    );
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('fork\n');
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('two\n');
    expect(readFileSync(join(workspace, 'b.txt'), 'utf8')).toBe('second\n');

    // The copied events' checkpoints stay restorable in the fork.
    const copied = actions(await h.events(fork.id))[0]?.checkpoint_id as string;
    await h.service.restoreFiles(fork.id, { checkpoint_id: copied });
    expect(existsSync(join(folder, 'b.txt'))).toBe(false);
    expect(readFileSync(join(workspace, 'b.txt'), 'utf8')).toBe('second\n');

    // Deleting without delete_files keeps the folder; with it, the folder goes, never the original.
    const second = await h.service.fork(id, { reset_metrics: true });
    await h.service.delete(fork.id);
    expect(existsSync(folder)).toBe(true);
    expect(existsSync(checkpointsDir(h.dataDir, fork.id))).toBe(false);
    await h.service.delete(second.id, { deleteFiles: true });
    expect(existsSync(second.workspace.working_dir)).toBe(false);
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('two\n');
  });

  it('shared: the fork works in the same folder and owns nothing', async () => {
    const h = await start();
    const id = await h.create();
    await runSteps(h, id, [[create(join(h.workspace, 'a.txt'), 'a\n')]]);
    const fork = await h.service.fork(id, { reset_metrics: true, files: 'shared' });
    expect(fork.branch_folder).toBe(false);
    expect(fork.workspace.working_dir).toBe(h.workspace);
    await h.service.delete(fork.id, { deleteFiles: true });
    expect(readFileSync(join(h.workspace, 'a.txt'), 'utf8')).toBe('a\n');
  });

  it('a branch folder another conversation works in is not deleted: branch_folder_in_use, files kept', async () => {
    const h = await start();
    const id = await h.create();
    await runSteps(h, id, [[create(join(h.workspace, 'a.txt'), 'a\n')]]);
    const fork = await h.service.fork(id, { reset_metrics: true, files: 'copy' });
    const folder = fork.workspace.working_dir;
    const sharing = await h.service.fork(fork.id, { reset_metrics: true, files: 'shared' });
    expect(sharing.workspace.working_dir).toBe(folder);

    await expect(h.service.delete(fork.id, { deleteFiles: true })).rejects.toMatchObject({
      code: 'branch_folder_in_use',
    });
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('a\n');
    expect((await h.service.get(fork.id)).id).toBe(fork.id);

    // Once nobody else works there, it goes.
    await h.service.delete(sharing.id);
    await h.service.delete(fork.id, { deleteFiles: true });
    expect(existsSync(folder)).toBe(false);
  });

  it('copy (git repository): a detached worktree with the checkpoint files; the repository is untouched', async () => {
    const repo = gitRepository();
    const h = await start({ workspace: repo });
    const id = await h.create();
    await runSteps(
      h,
      id,
      [
        [
          {
            id: 'sh',
            name: 'terminal',
            arguments: { command: 'echo edited > tracked.txt; rm gone-later.txt; echo u > untracked.txt' },
          },
        ],
      ],
      'first',
    );
    const afterFirst = (await h.service.get(id)).leaf_event_id as string;
    await runSteps(
      h,
      id,
      [[{ id: 'sh2', name: 'terminal', arguments: { command: 'echo later > tracked.txt' } }]],
      'second',
    );
    const headBefore = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
    const statusBefore = execFileSync('git', ['-C', repo, 'status', '--porcelain'], { encoding: 'utf8' });

    const fork = await h.service.fork(id, { from_event_id: afterFirst, reset_metrics: true });
    const folder = fork.workspace.working_dir;
    expect(fork.branch_folder).toBe(true);
    expect(dirname(folder)).toBe(join(dirname(repo), 'repo.branches'));
    expect(readFileSync(join(folder, 'tracked.txt'), 'utf8')).toBe('edited\n');
    expect(readFileSync(join(folder, 'untracked.txt'), 'utf8')).toBe('u\n');
    expect(existsSync(join(folder, 'gone-later.txt'))).toBe(false);
    const branchStatus = execFileSync('git', ['-C', folder, 'status', '--porcelain'], { encoding: 'utf8' });
    expect(branchStatus.split('\n').filter(Boolean).sort()).toEqual([
      ' D gone-later.txt',
      ' M tracked.txt',
      '?? untracked.txt',
    ]);
    expect(execFileSync('git', ['-C', repo, 'worktree', 'list'], { encoding: 'utf8' })).toContain(folder);

    await runSteps(
      h,
      fork.id,
      [[{ id: 'w', name: 'terminal', arguments: { command: 'echo fork > tracked.txt' } }]],
      'fork work',
    );
    expect(readFileSync(join(repo, 'tracked.txt'), 'utf8')).toBe('later\n');
    expect(execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' })).toBe(headBefore);
    expect(execFileSync('git', ['-C', repo, 'status', '--porcelain'], { encoding: 'utf8' })).toBe(
      statusBefore,
    );

    await h.service.delete(fork.id, { deleteFiles: true });
    expect(existsSync(folder)).toBe(false);
    expect(execFileSync('git', ['-C', repo, 'worktree', 'list'], { encoding: 'utf8' })).not.toContain(folder);
    expect(readFileSync(join(repo, 'tracked.txt'), 'utf8')).toBe('later\n');
  });

  it('runs none of a hostile repository’s hooks, monitors or filters when it makes or removes the worktree', async () => {
    const repo = gitRepository();
    const marker = join(repo, '.git', 'pwned');
    const script = join(repo, 'evil.sh');
    writeFileSync(script, `#!/bin/sh\necho ran >> ${marker}\ncat\n`, { mode: 0o755 });
    await mkdir(join(repo, 'hooks'));
    for (const hook of ['post-checkout', 'reference-transaction', 'post-index-change']) {
      writeFileSync(join(repo, 'hooks', hook), `#!/bin/sh\necho ${hook} >> ${marker}\n`, { mode: 0o755 });
    }
    const config = (...args: string[]) => execFileSync('git', ['-C', repo, 'config', ...args]);
    config('core.hooksPath', join(repo, 'hooks'));
    config('core.fsmonitor', script);
    config('filter.evil.clean', script);
    config('filter.evil.smudge', script);
    writeFileSync(join(repo, '.gitattributes'), '* filter=evil\n');
    const h = await start({ workspace: repo });
    const id = await h.create();
    await runSteps(h, id, [
      [{ id: 'sh', name: 'terminal', arguments: { command: 'echo edited > tracked.txt' } }],
    ]);
    const fork = await h.service.fork(id, { reset_metrics: true, files: 'copy' });
    expect(readFileSync(join(fork.workspace.working_dir, 'tracked.txt'), 'utf8')).toBe('edited\n');
    await h.service.delete(fork.id, { deleteFiles: true });
    expect(existsSync(marker)).toBe(false);
  });
});
