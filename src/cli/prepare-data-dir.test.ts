import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from './prepare-data-dir';

let tempDir: string;
beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'data-dir-test-'));
});
afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

describe('prepareDataDir', () => {
  it('creates missing parents with owner-only permissions', async () => {
    const dataDir = join(tempDir, 'a', 'b', 'data');
    expect(await prepareDataDir(dataDir)).toEqual({ ok: true });
    const info = await stat(dataDir);
    expect(info.isDirectory()).toBe(true);
    expect(info.mode & 0o777).toBe(0o700);
  });

  it('accepts an existing folder', async () => {
    expect(await prepareDataDir(tempDir)).toEqual({ ok: true });
  });

  it('refuses a path that is a file, with the fix', async () => {
    const file = join(tempDir, 'not-a-dir');
    await writeFile(file, 'x');
    expect(await prepareDataDir(file)).toEqual({
      ok: false,
      message: `data dir ${file} is a file, not a folder; pass --data-dir with a folder path`,
    });
  });

  it('refuses a path under a file', async () => {
    const file = join(tempDir, 'plain-file');
    await writeFile(file, 'x');
    const result = await prepareDataDir(join(file, 'data'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/part of its path is a file/);
  });
});
