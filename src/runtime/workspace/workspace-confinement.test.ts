import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { permittedPath, workspaceConfinement } from '../sandbox/workspace-confinement';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'awb-confinement-'));
  for (const dir of ['data', 'home/.ssh', 'home/private', 'work'])
    mkdirSync(join(root, dir), { recursive: true });
  symlinkSync(join(root, 'data'), join(root, 'work', 'link-to-data'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('permittedPath', () => {
  const confinement = () =>
    workspaceConfinement({
      dataDir: join(root, 'data'),
      sandboxSettings: { ...DEFAULT_SANDBOX_SETTINGS, deny_paths: ['~/private'] },
      home: join(root, 'home'),
      env: { PATH: '/usr/bin' },
    });

  it('refuses the data dir, credential folders, the deny list and links into them', () => {
    for (const path of ['data', 'data/sub', 'home/.ssh', 'home/private/x', 'work/link-to-data']) {
      expect(() => permittedPath(confinement(), join(root, path))).toThrow(
        expect.objectContaining({ code: 'path_denied' }),
      );
    }
  });

  it('refuses a relative path and accepts an ordinary folder, resolved', () => {
    expect(() => permittedPath(confinement(), 'work')).toThrow(
      expect.objectContaining({ code: 'invalid_path' }),
    );
    expect(permittedPath(confinement(), join(root, 'work', '..', 'work'))).toBe(join(root, 'work'));
  });
});
