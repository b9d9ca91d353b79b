import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LogFields } from '../logging/runtime-logger';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { workspaceConfinement } from '../sandbox/workspace-confinement';
import { createCheckpointStore } from './create-checkpoint-store';
import { ensureShadowRepository } from './ensure-shadow-repository';

let root: string;
let dataDir: string;
let workspace: string;
let shadowDir: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'awb-shadow-'));
  dataDir = join(root, 'data');
  workspace = join(root, 'workspace');
  shadowDir = join(dataDir, 'checkpoints', 'c0ffee');
  mkdirSync(dataDir);
  mkdirSync(workspace);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What a runtime killed between creating `HEAD` and filling it left behind (the old creation order). */
function tornRepository(): void {
  for (const folder of ['objects', 'refs/heads', 'refs/tags', 'info']) {
    mkdirSync(join(shadowDir, folder), { recursive: true });
  }
  writeFileSync(join(shadowDir, 'HEAD'), '');
}

describe('ensureShadowRepository', () => {
  it('builds a new repository aside and renames it into place, leaving no building folder', async () => {
    expect(await ensureShadowRepository(shadowDir)).toEqual({ kind: 'created' });
    expect(readFileSync(join(shadowDir, 'HEAD'), 'utf8')).toBe('ref: refs/heads/checkpoints\n');
    expect(readdirSync(join(dataDir, 'checkpoints'))).toEqual(['c0ffee']);
    expect(await ensureShadowRepository(shadowDir)).toEqual({ kind: 'ready' });
  });

  it('removes a folder a killed runtime was building, which was never used', async () => {
    mkdirSync(join(dataDir, 'checkpoints', 'c0ffee.building-0123456789ab', 'objects'), { recursive: true });
    await ensureShadowRepository(shadowDir);
    expect(readdirSync(join(dataDir, 'checkpoints'))).toEqual(['c0ffee']);
  });

  it('repairs an empty HEAD and a missing config in place and keeps what git wrote', async () => {
    tornRepository();
    writeFileSync(join(shadowDir, 'refs', 'heads', 'checkpoints'), `${'a'.repeat(40)}\n`);
    expect(await ensureShadowRepository(shadowDir)).toEqual({
      kind: 'repaired',
      missing: ['HEAD', 'config', 'info/attributes'],
    });
    expect(readFileSync(join(shadowDir, 'HEAD'), 'utf8')).toBe('ref: refs/heads/checkpoints\n');
    expect(readFileSync(join(shadowDir, 'refs', 'heads', 'checkpoints'), 'utf8')).toBe(`${'a'.repeat(40)}\n`);
    expect(readdirSync(shadowDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('a checkpoint store on a torn shadow repository (bubblewrap, real git)', () => {
  it('repairs it on first use with a log line, and snapshots, changes and restore work', async () => {
    expect(existsSync('/usr/bin/bwrap'), 'install bubblewrap (apt-get install bubblewrap)').toBe(true);
    tornRepository();
    const warnings: Array<{ message: string; fields?: LogFields }> = [];
    const store = createCheckpointStore({
      shadowDir,
      workspaceDir: workspace,
      conversationId: 'c0ffee',
      confinement: workspaceConfinement({
        dataDir,
        sandboxSettings: { ...DEFAULT_SANDBOX_SETTINGS, max_processes: 256 },
        env: { PATH: process.env.PATH },
      }),
      logger: {
        warn: (message, fields) => warnings.push({ message, ...(fields ? { fields } : {}) }),
        error: (message) => warnings.push({ message }),
      },
    });
    writeFileSync(join(workspace, 'a.txt'), 'one\n');
    const first = await store.snapshot();
    writeFileSync(join(workspace, 'a.txt'), 'two\n');
    expect(await store.changes(first.id, 'now')).toMatchObject([{ path: 'a.txt', status: 'modified' }]);
    await store.restore(first.id);
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('one\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/incomplete.*repaired/);
    expect(warnings[0]?.fields).toMatchObject({
      conversation_id: 'c0ffee',
      missing: expect.arrayContaining(['HEAD']),
    });
  });
});
