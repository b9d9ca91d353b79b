import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { confiningFolder } from './confining-folder';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function makeRoot(): string {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'confining-')));
  return root;
}

describe('confiningFolder', () => {
  it('a path in nested workspaces is confined to the outermost one', async () => {
    const outer = join(makeRoot(), 'outer');
    const inner = join(outer, 'inner');
    mkdirSync(inner, { recursive: true });
    const found = await confiningFolder(join(inner, 'a.txt'), [inner, outer], 'file');
    expect(found).toMatchObject({ root: { path: outer }, path: join(inner, 'a.txt'), workspace: true });
  });

  it('a path reaching a workspace through a link the person made is still confined to that workspace', async () => {
    const workspace = join(makeRoot(), 'workspace');
    mkdirSync(join(workspace, 'docs'), { recursive: true });
    symlinkSync(workspace, join(root, 'shortcut'));
    const found = await confiningFolder(join(root, 'shortcut', 'docs', 'a.txt'), [workspace], 'file');
    expect(found).toMatchObject({ root: { path: workspace }, path: join(workspace, 'docs', 'a.txt') });
  });

  it('outside every workspace: the file’s folder, or the nearest folder of it that exists', async () => {
    const named = join(makeRoot(), 'named');
    mkdirSync(named);
    expect(await confiningFolder(join(named, 'a.txt'), [], 'file')).toMatchObject({
      root: { path: named },
      workspace: false,
    });
    expect(await confiningFolder(join(named, 'new', 'deeper', 'a.txt'), [], 'file')).toMatchObject({
      root: { path: named },
      path: join(named, 'new', 'deeper', 'a.txt'),
    });
    expect(await confiningFolder(named, [], 'folder')).toMatchObject({ root: { path: named } });
  });
});
