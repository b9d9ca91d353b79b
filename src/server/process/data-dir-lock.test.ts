import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'data-dir-lock-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const HOLD_SCRIPT = fileURLToPath(new URL('../testing/hold-data-dir-lock.ts', import.meta.url));
const TSX = new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;

/** Another process that takes the lock and says so, then waits to be killed. */
async function holdInAnotherProcess(directory: string) {
  const child = spawn(process.execPath, ['--import', TSX, HOLD_SCRIPT, directory], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

describe('lockDataDir', () => {
  it('refuses a second holder in another process and names its pid', async () => {
    const holder = await holdInAnotherProcess(dataDir);
    try {
      const second = lockDataDir(dataDir);
      expect(second).toEqual({ ok: false, holderPid: holder.pid });
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('is free again once the holder is killed with SIGKILL (no stale lock)', async () => {
    const holder = await holdInAnotherProcess(dataDir);
    const gone = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await gone;
    const next = lockDataDir(dataDir);
    expect(next.ok).toBe(true);
    if (next.ok) next.lock.release();
  });

  it('can be taken again after release', () => {
    const first = lockDataDir(dataDir);
    expect(first.ok).toBe(true);
    if (first.ok) first.lock.release();
    const second = lockDataDir(dataDir);
    expect(second.ok).toBe(true);
    if (second.ok) second.lock.release();
  });
});
