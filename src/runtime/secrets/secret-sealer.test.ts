import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretSealer } from './secret-sealer';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'secret-sealer-'));
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

const SECRET = 'sealed-secret-value-4e1f0c9d';

describe('createSecretSealer', () => {
  it('seals so the text holds no trace of the value, and a later start with the same data dir opens it', async () => {
    const sealed = createSecretSealer(dataDir).seal(SECRET);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(Buffer.from(SECRET).toString('base64'));
    expect(createSecretSealer(dataDir).open(sealed)).toBe(SECRET);
    // A fresh nonce each time: the same value never seals to the same text.
    expect(createSecretSealer(dataDir).seal(SECRET)).not.toBe(sealed);
  });

  it('keeps its key readable by the owner only, made on first use', async () => {
    const sealer = createSecretSealer(dataDir);
    await expect(stat(join(dataDir, 'secrets.key'))).rejects.toThrow();
    sealer.seal('x');
    expect((await stat(join(dataDir, 'secrets.key'))).mode & 0o777).toBe(0o600);
    expect(await readFile(join(dataDir, 'secrets.key'))).toHaveLength(32);
  });

  it('refuses a changed text and one sealed under another key', async () => {
    const sealed = createSecretSealer(dataDir).seal(SECRET);
    const parts = sealed.split('.');
    const body = parts[3] ?? '';
    const flipped = [...parts.slice(0, 3), `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`].join('.');
    expect(() => createSecretSealer(dataDir).open(flipped)).toThrow();
    const elsewhere = await mkdtemp(join(tmpdir(), 'secret-sealer-other-'));
    try {
      expect(() => createSecretSealer(elsewhere).open(sealed)).toThrow();
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
    expect(() => createSecretSealer(dataDir).open('plain text')).toThrow(/not a sealed value/);
  });
});
