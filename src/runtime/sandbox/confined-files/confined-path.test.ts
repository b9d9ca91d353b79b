import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConfinedOptions, withConfinedPath } from './confined-path';
import { type ConfinedRoot, confinedRoots, locateInRoots } from './confined-root';
import { writePinnedFileAtomic } from './write-pinned-file-atomic';

let base: string;
let workspace: string;
let outside: string;
let roots: ConfinedRoot[];
const read: ConfinedOptions = { write: false, createParents: false };
const write: ConfinedOptions = { write: true, createParents: false };

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'awb-confined-'));
  workspace = join(base, 'workspace');
  outside = join(base, 'outside');
  await mkdir(join(workspace, 'dir'), { recursive: true });
  await mkdir(join(base, 'saved'));
  await mkdir(outside);
  roots = await confinedRoots(workspace, [join(base, 'saved')]);
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const openDescriptors = () => readdir('/proc/self/fd').then((entries) => entries.length);

describe('withConfinedPath', () => {
  it('resolves a file with its pinned parent and an open handle', async () => {
    await writeFile(join(workspace, 'dir/a.txt'), 'a');
    const result = await withConfinedPath(roots, join(workspace, 'dir/a.txt'), read, async (target) => ({
      path: target.path,
      parent: target.parent.path,
      name: target.name,
      isFile: (await target.handle?.stat())?.isFile(),
    }));
    expect(result).toEqual({
      ok: true,
      value: {
        path: join(workspace, 'dir/a.txt'),
        parent: join(workspace, 'dir'),
        name: 'a.txt',
        isFile: true,
      },
    });
  });

  it('gives no handle for a missing final name and creates missing parents only when asked', async () => {
    const path = join(workspace, 'new/deeper/file.txt');
    const missingParent = await withConfinedPath(roots, path, write, async () => 'reached');
    expect(missingParent).toMatchObject({
      ok: false,
      failure: { reason: 'file-system', error: { code: 'ENOENT' } },
    });
    const created = await withConfinedPath(
      roots,
      path,
      { write: true, createParents: true },
      async (target) => ({
        handle: target.handle,
        parent: target.parent.path,
      }),
    );
    expect(created).toEqual({
      ok: true,
      value: { handle: undefined, parent: join(workspace, 'new/deeper') },
    });
  });

  it('keeps writing into the pinned folder after it is swapped for a link to the outside', async () => {
    const result = await withConfinedPath(
      roots,
      join(workspace, 'dir/planted.txt'),
      write,
      async (target) => {
        await rename(join(workspace, 'dir'), join(workspace, 'dir.moved'));
        await symlink(outside, join(workspace, 'dir'));
        await writePinnedFileAtomic(target.parent, target.name, 'content');
      },
    );
    expect(result.ok).toBe(true);
    expect(await readdir(outside)).toEqual([]);
    expect(await readFile(join(workspace, 'dir.moved/planted.txt'), 'utf8')).toBe('content');
  });

  it('follows a link that stays inside and reports the real path', async () => {
    await writeFile(join(workspace, 'dir/a.txt'), 'a');
    await symlink('dir', join(workspace, 'alias'));
    const result = await withConfinedPath(
      roots,
      join(workspace, 'alias/a.txt'),
      read,
      async (target) => target.path,
    );
    expect(result).toEqual({ ok: true, value: join(workspace, 'dir/a.txt') });
  });

  it('refuses links out of the roots, naming the link', async () => {
    await symlink('../../outside', join(workspace, 'dir/out'));
    const result = await withConfinedPath(roots, join(workspace, 'dir/out/x'), read, async () => 'reached');
    expect(result).toEqual({ ok: false, failure: { reason: 'outside', link: join(workspace, 'dir/out') } });
    expect(await withConfinedPath(roots, join(workspace, '../outside'), read, async () => 'reached')).toEqual(
      {
        ok: false,
        failure: { reason: 'outside' },
      },
    );
  });

  it('reads but never writes a read-only root, even reached through a link', async () => {
    await writeFile(join(base, 'saved/out.txt'), 'saved');
    await symlink(join(base, 'saved'), join(workspace, 'saved-link'));
    const viewed = await withConfinedPath(
      roots,
      join(base, 'saved/out.txt'),
      read,
      async (target) => target.root.writable,
    );
    expect(viewed).toEqual({ ok: true, value: false });
    for (const path of [join(base, 'saved/out.txt'), join(workspace, 'saved-link/out.txt')]) {
      expect(await withConfinedPath(roots, path, write, async () => 'reached')).toEqual({
        ok: false,
        failure: { reason: 'read-only' },
      });
    }
  });

  it('stops at a link loop', async () => {
    await symlink('b', join(workspace, 'a'));
    await symlink('a', join(workspace, 'b'));
    expect(await withConfinedPath(roots, join(workspace, 'a'), read, async () => 'reached')).toEqual({
      ok: false,
      failure: { reason: 'too-many-links' },
    });
  });

  it('closes every descriptor, also when the callback throws', async () => {
    await writeFile(join(workspace, 'dir/a.txt'), 'a');
    await symlink('dir', join(workspace, 'alias'));
    const before = await openDescriptors();
    await withConfinedPath(roots, join(workspace, 'alias/a.txt'), read, async () => 'ok');
    await withConfinedPath(roots, join(workspace, 'dir/missing/x'), read, async () => 'ok');
    await expect(
      withConfinedPath(roots, join(workspace, 'dir/a.txt'), read, async () => {
        throw new Error('bug');
      }),
    ).rejects.toThrow('bug');
    expect(await openDescriptors()).toBe(before);
  });
});

describe('locateInRoots', () => {
  it('matches whole names only and accepts the real path of a linked root', async () => {
    await symlink(workspace, join(base, 'linked'));
    const linkedRoots = await confinedRoots(join(base, 'linked'));
    expect(locateInRoots(linkedRoots, join(base, 'workspace-other/x'))).toBeUndefined();
    expect(locateInRoots(linkedRoots, join(workspace, 'dir/x'))?.names).toEqual(['dir', 'x']);
    expect(locateInRoots(linkedRoots, join(base, 'linked'))?.names).toEqual([]);
  });
});
