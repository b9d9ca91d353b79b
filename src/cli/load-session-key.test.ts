import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSessionKey } from './load-session-key';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'session-key-test-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadSessionKey', () => {
  it('creates a 256-bit hex key once, mode 0600, and reuses it', async () => {
    const first = await loadSessionKey(dataDir, {});
    if (!first.ok) throw new Error(first.message);
    expect(first.sessionKey).toMatch(/^[0-9a-f]{64}$/);
    const file = join(dataDir, 'session-key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.sessionKey);
    expect(await loadSessionKey(dataDir, {})).toEqual(first);
  });

  it('lets AGENT_WORKBENCH_SESSION_KEY win and writes nothing', async () => {
    expect(await loadSessionKey(dataDir, { AGENT_WORKBENCH_SESSION_KEY: 'from-env' })).toEqual({
      ok: true,
      sessionKey: 'from-env',
    });
    await expect(stat(join(dataDir, 'session-key'))).rejects.toThrow();
  });

  it('replaces an empty key file and tightens loose permissions', async () => {
    const file = join(dataDir, 'session-key');
    await writeFile(file, '', { mode: 0o644 });
    const created = await loadSessionKey(dataDir, {});
    expect(created.ok && created.sessionKey.length).toBe(64);
    await writeFile(file, 'handwritten\n', { mode: 0o644 });
    expect(await loadSessionKey(dataDir, {})).toEqual({ ok: true, sessionKey: 'handwritten' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('gives two launchers starting together the same key', async () => {
    const [one, two] = await Promise.all([loadSessionKey(dataDir, {}), loadSessionKey(dataDir, {})]);
    expect(one).toEqual(two);
  });
});
