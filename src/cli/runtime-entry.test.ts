import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLE_INPUTS_FILE } from './bundle-freshness';
import { chooseRuntimeEntry } from './runtime-entry';

let repo: string;
beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'runtime-entry-'));
  for (const folder of ['src/server/process', 'src/runtime/store', 'dist/runtime'])
    mkdirSync(join(repo, folder), { recursive: true });
  writeAt('package.json', 1_000);
  writeAt('src/server/process/main.ts', 1_000);
  writeAt('src/runtime/store/store.ts', 1_000);
  writeAt('src/runtime/store/store.test.ts', 1_000);
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

function writeAt(path: string, seconds: number, text = '// code\n') {
  writeFileSync(join(repo, path), text);
  utimesSync(join(repo, path), seconds, seconds);
}

/** A build at `seconds` that went through the runtime's two sources. */
function buildAt(seconds: number) {
  const inputs = ['package.json', 'src/server/process/main.ts', 'src/runtime/store/store.ts'];
  writeAt(`dist/runtime/${BUNDLE_INPUTS_FILE}`, seconds, JSON.stringify(inputs));
  writeAt('dist/runtime/main.mjs', seconds);
}

describe('chooseRuntimeEntry', () => {
  it('runs the sources when no bundle was built', () => {
    expect(chooseRuntimeEntry(repo)).toEqual({
      kind: 'source',
      path: join(repo, 'src/server/process/main.ts'),
    });
  });

  it('runs the bundle when it is newer than every file it was built from', () => {
    buildAt(2_000);
    expect(chooseRuntimeEntry(repo)).toEqual({ kind: 'bundle', path: join(repo, 'dist/runtime/main.mjs') });
  });

  it('runs the sources when a file that went into the bundle changed after the build, however deep', () => {
    buildAt(2_000);
    writeAt('src/runtime/store/store.ts', 3_000);
    expect(chooseRuntimeEntry(repo).kind).toBe('source');
  });

  it('runs the sources when package.json changed after the build (a new version or dependency)', () => {
    buildAt(2_000);
    writeAt('package.json', 3_000);
    expect(chooseRuntimeEntry(repo).kind).toBe('source');
  });

  it('runs the sources when a file the bundle was built from is gone', () => {
    buildAt(2_000);
    rmSync(join(repo, 'src/runtime/store/store.ts'));
    expect(chooseRuntimeEntry(repo).kind).toBe('source');
  });

  it('keeps the bundle when only a file outside it changed (a test)', () => {
    buildAt(2_000);
    writeAt('src/runtime/store/store.test.ts', 3_000);
    expect(chooseRuntimeEntry(repo).kind).toBe('bundle');
  });

  it('runs the sources when the bundle has no list of its inputs (an older build)', () => {
    writeAt('dist/runtime/main.mjs', 2_000);
    expect(chooseRuntimeEntry(repo).kind).toBe('source');
  });
});
