import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseRuntimeEntry } from './runtime-entry';

let repo: string;
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'runtime-entry-'));
  for (const folder of ['src/server', 'src/runtime/store', 'dist/runtime'])
    mkdirSync(join(repo, folder), { recursive: true });
  writeAt('package.json', 1_000);
  writeAt('src/server/main.ts', 1_000);
  writeAt('src/runtime/store/store.ts', 1_000);
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

function writeAt(path: string, seconds: number) {
  writeFileSync(join(repo, path), '// code\n');
  utimesSync(join(repo, path), seconds, seconds);
}

describe('chooseRuntimeEntry', () => {
  it('runs the sources when no bundle was built', () => {
    expect(chooseRuntimeEntry(repo)).toEqual({ kind: 'source', path: join(repo, 'src/server/main.ts') });
  });

  it('runs the bundle when it is newer than every runtime source', () => {
    writeAt('dist/runtime/main.mjs', 2_000);
    expect(chooseRuntimeEntry(repo)).toEqual({ kind: 'bundle', path: join(repo, 'dist/runtime/main.mjs') });
  });

  it('runs the sources when a runtime file changed after the build, however deep', () => {
    writeAt('dist/runtime/main.mjs', 2_000);
    writeAt('src/runtime/store/store.ts', 3_000);
    expect(chooseRuntimeEntry(repo).kind).toBe('source');
  });

  it('runs the sources when package.json changed after the build (a new version or dependency)', () => {
    writeAt('dist/runtime/main.mjs', 2_000);
    writeAt('package.json', 3_000);
    expect(chooseRuntimeEntry(repo).kind).toBe('source');
  });
});
