import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSavedSecrets } from './saved-secrets';

const VALUE = 'ghp_savedSecretValue0123456789abcdef';
const at = (minute: number) => () => new Date(Date.UTC(2026, 0, 1, 12, minute));

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'saved-secrets-'));
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

describe('createSavedSecrets', () => {
  it('keeps the value sealed: the raw file holds neither the value nor its base64, and is 0600', async () => {
    createSavedSecrets(dataDir).put('GITHUB_TOKEN', VALUE, 'repo access');
    const raw = await readFile(join(dataDir, 'secrets.json'), 'utf8');
    expect(raw).toContain('GITHUB_TOKEN');
    expect(raw).toContain('repo access');
    expect(raw).not.toContain(VALUE);
    expect(raw).not.toContain(Buffer.from(VALUE).toString('base64'));
    expect(raw).not.toContain(Buffer.from(VALUE).toString('base64url'));
    expect((await stat(join(dataDir, 'secrets.json'))).mode & 0o777).toBe(0o600);
  });

  it('a later start with the same data dir lists the secret and opens its value', () => {
    createSavedSecrets(dataDir, at(0)).put('GITHUB_TOKEN', VALUE, 'repo access');
    const again = createSavedSecrets(dataDir);
    expect(again.list()).toEqual([
      {
        name: 'GITHUB_TOKEN',
        description: 'repo access',
        created_at: '2026-01-01T12:00:00.000Z',
        updated_at: '2026-01-01T12:00:00.000Z',
      },
    ]);
    expect(again.values()).toEqual({ GITHUB_TOKEN: VALUE });
  });

  it('replaces a value, keeps its creation time and description, and says whether it was new', () => {
    const first = createSavedSecrets(dataDir, at(0)).put('TOKEN', 'one', 'kept');
    expect(first.created).toBe(true);
    const second = createSavedSecrets(dataDir, at(5)).put('TOKEN', 'two');
    expect(second).toEqual({
      created: false,
      secret: {
        name: 'TOKEN',
        description: 'kept',
        created_at: '2026-01-01T12:00:00.000Z',
        updated_at: '2026-01-01T12:05:00.000Z',
      },
    });
    expect(createSavedSecrets(dataDir).values()).toEqual({ TOKEN: 'two' });
  });

  it('updates the description alone, forgets on remove, and answers undefined or false for an unknown name', () => {
    const saved = createSavedSecrets(dataDir);
    saved.put('TOKEN', VALUE);
    expect(saved.update('TOKEN', { description: 'now described' })?.description).toBe('now described');
    expect(saved.values()).toEqual({ TOKEN: VALUE });
    expect(saved.update('OTHER', { value: 'x' })).toBeUndefined();
    expect(saved.remove('OTHER')).toBe(false);
    expect(saved.remove('TOKEN')).toBe(true);
    expect(saved.list()).toEqual([]);
    expect(saved.values()).toEqual({});
  });

  it('sees what another runtime sharing the data dir saved', () => {
    const mine = createSavedSecrets(dataDir);
    expect(mine.values()).toEqual({});
    createSavedSecrets(dataDir).put('FROM_ELSEWHERE', VALUE);
    expect(mine.values()).toEqual({ FROM_ELSEWHERE: VALUE });
  });

  it('refuses a name that is not an environment variable name or one the shell relies on, even from a caller that skipped the routes', () => {
    const saved = createSavedSecrets(dataDir);
    for (const name of ['1ABC', 'A-B', 'A B', 'A=B', '', '__proto__x;rm']) {
      expect(() => saved.put(name, VALUE)).toThrow(/environment variable name/);
    }
    for (const name of ['PATH', 'Path', 'PROMPT_COMMAND', 'LD_PRELOAD', '__proto__']) {
      expect(() => saved.put(name, VALUE)).toThrow(/reserved/);
    }
    expect(saved.list()).toEqual([]);
  });

  it('leaves out a value sealed under another key and says a broken file is corrupt', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'saved-secrets-other-'));
    try {
      createSavedSecrets(elsewhere).put('COPIED', VALUE);
      await writeFile(join(dataDir, 'secrets.json'), await readFile(join(elsewhere, 'secrets.json')));
      const saved = createSavedSecrets(dataDir);
      expect(saved.list().map((secret) => secret.name)).toEqual(['COPIED']);
      expect(saved.values()).toEqual({});
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
    await writeFile(join(dataDir, 'secrets.json'), '{"version":1,"secrets":{"BAD NAME":{}}}');
    expect(() => createSavedSecrets(dataDir).list()).toThrow(/not a saved-secrets file/);
  });
});
