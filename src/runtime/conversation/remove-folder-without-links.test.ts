import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { workspaceConfinement } from '../sandbox/workspace-confinement';
import { removeBranchFolder } from './branch-folder';
import { removeFolderWithoutLinks } from './remove-folder-without-links';

const OUTSIDE_FILES = 300;
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A temp root with `outside/` (files that must survive) and a branch folder `ws.branches/abc`. */
function layout() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'remove-folder-')));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const outside = join(root, 'outside');
  mkdirSync(join(outside, 'deeper'), { recursive: true });
  for (let index = 0; index < OUTSIDE_FILES; index++) writeFileSync(join(outside, `f${index}`), 'keep\n');
  writeFileSync(join(outside, 'deeper', 'keep.txt'), 'keep\n');
  const folder = join(root, 'ws.branches', 'abc');
  mkdirSync(folder, { recursive: true });
  return { root, outside, folder };
}

function outsideIntact(outside: string): boolean {
  const left = readdirSync(outside).filter((name) => /^f\d+$/.test(name)).length;
  return left === OUTSIDE_FILES && existsSync(join(outside, 'deeper', 'keep.txt'));
}

/** Sub-folders `d0…d{count-1}`, each with a few files and a nested folder. */
function fill(folder: string, count: number): void {
  for (let index = 0; index < count; index++) {
    const sub = join(folder, `d${index}`);
    mkdirSync(join(sub, 'nested'), { recursive: true });
    for (let file = 0; file < 5; file++) writeFileSync(join(sub, `g${file}`), 'branch\n');
    writeFileSync(join(sub, 'nested', 'n'), 'branch\n');
  }
}

/**
 * A process of its own (the agent of a conversation sharing the folder) that keeps swapping each
 * sub-folder for a link to `outside` and back, holding the link a moment so a delete that read the
 * name as a folder walks into it.
 */
function startSwapper(folder: string, outside: string, count: number): ChildProcess {
  const script = `
    const fs = require('node:fs'); const path = require('node:path');
    const [folder, outside, count] = process.argv.slice(1);
    const hold = (ms) => { const end = Date.now() + ms; while (Date.now() < end); };
    for (;;) {
      for (let i = 0; i < Number(count); i++) {
        try { fs.renameSync(path.join(folder, 'd' + i), path.join(folder, '.h' + i)); fs.symlinkSync(outside, path.join(folder, 'd' + i)); } catch {}
      }
      hold(2);
      for (let i = 0; i < Number(count); i++) {
        try { fs.unlinkSync(path.join(folder, 'd' + i)); } catch {}
        try { fs.renameSync(path.join(folder, '.h' + i), path.join(folder, 'd' + i)); } catch {}
      }
      hold(1);
    }`;
  const child = spawn(process.execPath, ['-e', script, folder, outside, String(count)], { stdio: 'ignore' });
  cleanups.unshift(() => child.kill('SIGKILL'));
  return child;
}

const confinement = () =>
  workspaceConfinement({ dataDir: join(tmpdir(), 'no-data-dir'), sandboxSettings: DEFAULT_SANDBOX_SETTINGS });

describe('removeFolderWithoutLinks', () => {
  it('deletes a folder full of links to the outside and leaves every target alone', async () => {
    const { outside, folder } = layout();
    fill(folder, 3);
    symlinkSync(outside, join(folder, 'link-to-folder'));
    symlinkSync(join(outside, 'f1'), join(folder, 'link-to-file'));
    symlinkSync(join(outside, 'deeper'), join(folder, 'd1', 'nested', 'link'));
    symlinkSync('/nowhere/at/all', join(folder, 'dangling'));

    expect(await removeFolderWithoutLinks(folder)).toEqual({ ok: true });

    expect(existsSync(folder)).toBe(false);
    expect(outsideIntact(outside)).toBe(true);
  });

  it('a sub-folder swapped for a link just before its names are read loses only the link', async () => {
    const { outside, folder } = layout();
    fill(folder, 2);
    const swapped: string[] = [];
    const removal = await removeFolderWithoutLinks(folder, {
      beforeReading: async (path) => {
        // The worst moment: the folder was opened as a folder, and is now a link to the outside.
        if (!path.endsWith('/d0') || swapped.length > 0) return;
        renameSync(path, join(folder, 'moved-away'));
        symlinkSync(outside, path);
        swapped.push(path);
      },
    });

    expect(swapped).toHaveLength(1);
    expect(removal).toEqual({ ok: true });
    expect(existsSync(folder)).toBe(false);
    expect(outsideIntact(outside)).toBe(true);
  });

  it('refuses a folder whose path goes through a link, and deletes nothing', async () => {
    const { root, outside } = layout();
    fill(outside, 1);
    symlinkSync(outside, join(root, 'ws.branches', 'via-link'));

    const removal = await removeFolderWithoutLinks(join(root, 'ws.branches', 'via-link', 'd0'));

    expect(removal).toEqual({
      ok: false,
      reason: 'link-in-path',
      path: join(root, 'ws.branches', 'via-link'),
    });
    expect(existsSync(join(outside, 'd0', 'g0'))).toBe(true);
  });

  it('a missing folder counts as removed', async () => {
    const { folder } = layout();
    expect(await removeFolderWithoutLinks(join(folder, 'never-made'))).toEqual({ ok: true });
  });
});

describe('removeBranchFolder while another process swaps its sub-folders for links', () => {
  it('never deletes a file outside the branch folder', async () => {
    const { outside, folder } = layout();
    const count = 40;
    fill(folder, count);
    startSwapper(folder, outside, count);
    // Each round refills the folder (never through a link) and deletes it while the swapper runs;
    // the old path-based delete lost outside files within a few rounds.
    const failures: unknown[] = [];
    for (let round = 0; round < 8 && outsideIntact(outside); round++) {
      refill(folder, count);
      await removeBranchFolder(confinement(), folder).catch((error: { code?: string }) => {
        failures.push(error.code);
      });
    }
    expect(outsideIntact(outside)).toBe(true);
    // Refusing a tree that keeps changing is fine (a 409); a file system error (a 500) is not.
    expect(failures.filter((code) => code !== 'branch_folder_not_removed')).toEqual([]);
  }, 60_000);
});

/** Recreates missing sub-folders without ever writing through a link the swapper left. */
function refill(folder: string, count: number): void {
  mkdirSync(folder, { recursive: true });
  for (let index = 0; index < count; index++) {
    try {
      mkdirSync(join(folder, `d${index}`));
      writeFileSync(join(folder, `d${index}`, 'g0'), 'branch\n', { flag: 'wx' });
    } catch {
      // There already, or a link now: this round deletes whatever is there.
    }
  }
}
