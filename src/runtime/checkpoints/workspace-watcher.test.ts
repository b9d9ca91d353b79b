import {
  appendFileSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawn } from 'node:child_process';
import { existsSync, stat } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, vi, beforeEach, describe, expect, it } from 'vitest';
import { type WorkspaceWatcher, watchWorkspace } from './workspace-watcher';

let root: string;
let workspace: string;
let outside: string;
let watcher: WorkspaceWatcher | undefined;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'awb-watcher-')));
  workspace = join(root, 'workspace');
  outside = join(root, 'outside');
  mkdirSync(join(workspace, 'src', 'deep'), { recursive: true });
  mkdirSync(outside);
});

afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
  rmSync(root, { recursive: true, force: true });
});

/** The generation after settling, so every change made before is counted. */
async function settled(current: WorkspaceWatcher): Promise<number> {
  await current.settle();
  return current.generation();
}

describe('watchWorkspace', () => {
  it('counts a change in a nested folder once settled', async () => {
    watcher = await watchWorkspace(workspace);
    const before = await settled(watcher);
    writeFileSync(join(workspace, 'src', 'deep', 'a.txt'), 'one\n');
    expect(await settled(watcher)).toBeGreaterThan(before);
    expect(watcher.healthy()).toBe(true);
  });

  it('counts a change made in an I/O callback just before the settle, as a step ending on command output does', async () => {
    watcher = await watchWorkspace(workspace);
    const current = watcher;
    const before = await settled(current);
    // The callback runs in the loop's poll phase, after this turn's read of the inotify queue.
    const after = await new Promise<number>((resolve, reject) =>
      stat(workspace, () => {
        writeFileSync(join(workspace, 'src', 'late.txt'), 'late\n');
        settled(current).then(resolve, reject);
      }),
    );
    expect(after).toBeGreaterThan(before);
  });

  it('sees nothing when nothing changed', async () => {
    watcher = await watchWorkspace(workspace);
    const before = await settled(watcher);
    expect(await settled(watcher)).toBe(before);
  });

  it('watches a folder created after it started, and a folder deleted and made again', async () => {
    watcher = await watchWorkspace(workspace);
    mkdirSync(join(workspace, 'new', 'inner'), { recursive: true });
    const afterCreate = await settled(watcher);
    writeFileSync(join(workspace, 'new', 'inner', 'b.txt'), 'two\n');
    const afterWrite = await settled(watcher);
    expect(afterWrite).toBeGreaterThan(afterCreate);

    rmSync(join(workspace, 'src'), { recursive: true });
    mkdirSync(join(workspace, 'src', 'deep'), { recursive: true });
    const afterRemake = await settled(watcher);
    writeFileSync(join(workspace, 'src', 'deep', 'c.txt'), 'three\n');
    expect(await settled(watcher)).toBeGreaterThan(afterRemake);
  });

  it('never follows a link out of the workspace', async () => {
    symlinkSync(outside, join(workspace, 'link'));
    watcher = await watchWorkspace(workspace);
    const before = await settled(watcher);
    writeFileSync(join(outside, 'elsewhere.txt'), 'not ours\n');
    expect(await settled(watcher)).toBe(before);
  });

  it('sees a write through a hard link inside .git to a workspace file', async () => {
    writeFileSync(join(workspace, 'a.txt'), 'one\n');
    mkdirSync(join(workspace, '.git', 'objects', 'ab'), { recursive: true });
    linkSync(join(workspace, 'a.txt'), join(workspace, '.git', 'objects', 'ab', 'hidden'));
    watcher = await watchWorkspace(workspace);
    const before = await settled(watcher);
    appendFileSync(join(workspace, '.git', 'objects', 'ab', 'hidden'), 'two\n');
    expect(await settled(watcher)).toBeGreaterThan(before);
  });

  it('gives up when the workspace folder itself is deleted and made again, or was never there', async () => {
    watcher = await watchWorkspace(workspace);
    rmSync(workspace, { recursive: true });
    mkdirSync(workspace);
    await watcher.settle();
    expect(watcher.healthy()).toBe(false);
    await watcher.close();
    watcher = await watchWorkspace(join(root, 'missing'));
    expect(watcher.healthy()).toBe(false);
  });

  it('watches the real folder when the workspace is named through a link', async () => {
    symlinkSync(workspace, join(root, 'named'));
    watcher = await watchWorkspace(join(root, 'named'));
    const before = await settled(watcher);
    writeFileSync(join(workspace, 'src', 'deep', 'a.txt'), 'one\n');
    expect(await settled(watcher)).toBeGreaterThan(before);
    expect(watcher.healthy()).toBe(true);
  });

  it('gives up past its folder limit: healthy() turns false, so nothing is reused', async () => {
    for (let index = 0; index < 5; index++) mkdirSync(join(workspace, `d${index}`));
    watcher = await watchWorkspace(workspace, { maxDirectories: 4 });
    expect(watcher.healthy()).toBe(false);
  });

  it('keeps watching through a burst of more files than its folder limit', async () => {
    watcher = await watchWorkspace(workspace, { maxDirectories: 8 });
    const before = await settled(watcher);
    for (let index = 0; index < 500; index++) writeFileSync(join(workspace, `file-${index}`), 'x\n');
    expect(await settled(watcher)).toBeGreaterThan(before);
    expect(watcher.healthy()).toBe(true);
  });

  it('settles while another process keeps swapping folders, and still counts their changes', async () => {
    const watching = await watchWorkspace(workspace);
    watcher = watching;
    const churner = churn(workspace, 30);
    try {
      await waitForFile(join(workspace, '.churning'));
      // Its changes are counted as they come (however slowly a loaded machine lets it churn)…
      const before = watching.generation();
      await vi.waitFor(() => expect(watching.generation()).toBeGreaterThan(before), { timeout: 30_000 });
      // …and a settle returns while it goes on. Before the events were coalesced, each one queued its
      // own work, and a settle waited for a queue that never emptied until the churn stopped (and held
      // the event loop meanwhile).
      await watching.settle();
      expect(churner.exitCode).toBeNull();
      // A folder renamed away while it was being read is gone, not a reason to stop trusting the
      // count: its move is an event of the folder above, which is watched. (The watcher gave up, and
      // then counted nothing more, in a full run.)
      expect(watching.healthy()).toBe(true);
      const during = watching.generation();
      await vi.waitFor(() => expect(watching.generation()).toBeGreaterThan(during), { timeout: 30_000 });
    } finally {
      churner.kill('SIGKILL');
    }
  }, 60_000);
});

/** A process that renames 100 folders back and forth in `folder` for `seconds`, marking `.churning` once it has begun. */
function churn(folder: string, seconds: number) {
  const script = [
    'my ($folder, $seconds) = @ARGV; chdir $folder or die;',
    'for my $i (0..99) { mkdir "d$i" }',
    'open my $m, ">", ".churning"; close $m;',
    'my $end = time + $seconds;',
    'while (time < $end) { for my $i (0..99) { rename("d$i", "e$i") } for my $i (0..99) { rename("e$i", "d$i") } }',
  ].join(' ');
  return spawn('perl', ['-e', script, folder, String(seconds)], { stdio: 'ignore' });
}

async function waitForFile(path: string): Promise<void> {
  while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 20));
}
