import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPrivateFile, tightenDataDirPermissions } from './tighten-data-dir-permissions';

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tighten-'));
  dataDir = join(root, 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('tightenDataDirPermissions', () => {
  it('makes the data dir 0700 and its secret files 0600, one notice per change', () => {
    for (const name of ['session-key', 'settings.json', 'workbench.db', 'workbench.db-wal']) {
      writeFileSync(join(dataDir, name), 'x');
      chmodSync(join(dataDir, name), 0o644);
    }
    writeFileSync(join(dataDir, 'runtime.log'), 'x');
    chmodSync(join(dataDir, 'runtime.log'), 0o644);
    const notices = tightenDataDirPermissions(dataDir);
    expect(notices).toHaveLength(5);
    expect(notices[0]).toBe(`Tightened permissions of ${dataDir} from 0755 to 0700 (it holds secrets)`);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'session-key'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'workbench.db-wal'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'runtime.log'))).toBe(0o644);
  });

  it('says nothing when everything is already private or missing', () => {
    chmodSync(dataDir, 0o700);
    writeFileSync(join(dataDir, 'settings.json'), 'x', { mode: 0o600 });
    expect(tightenDataDirPermissions(dataDir)).toEqual([]);
  });

  it('createPrivateFile creates a 0600 file and leaves an existing one alone', () => {
    const path = join(dataDir, 'workbench.db');
    createPrivateFile(path);
    expect(modeOf(path)).toBe(0o600);
    writeFileSync(path, 'content');
    createPrivateFile(path);
    expect(statSync(path).size).toBe(7);
  });
});
