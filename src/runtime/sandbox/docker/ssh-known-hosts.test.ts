import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyFingerprint, knownKeyTypes, verifyHostKey } from './ssh-known-hosts';

let dir: string;
const key = randomBytes(51);
const other = randomBytes(51);
const b64 = (blob: Buffer) => blob.toString('base64');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'awb-known-hosts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(text: string): string {
  const path = join(dir, 'known_hosts');
  writeFileSync(path, text);
  return path;
}

function hashed(name: string): string {
  const salt = randomBytes(20);
  return `|1|${salt.toString('base64')}|${createHmac('sha1', salt).update(name).digest('base64')}`;
}

describe('known_hosts for the SSH transport', () => {
  it('trusts a key listed for the host, plainly, hashed, by wildcard or as [host]:port', () => {
    expect(
      verifyHostKey(file(`docker.example,10.0.0.5 ssh-ed25519 ${b64(key)}\n`), 'docker.example', 22, key),
    ).toEqual({ trusted: true });
    expect(
      verifyHostKey(file(`${hashed('[10.0.0.5]:2222')} ssh-ed25519 ${b64(key)}\n`), '10.0.0.5', 2222, key),
    ).toEqual({ trusted: true });
    expect(verifyHostKey(file(`*.example ssh-ed25519 ${b64(key)}\n`), 'docker.example', 22, key)).toEqual({
      trusted: true,
    });
    expect(
      knownKeyTypes(
        file(`# note\n[h]:2222 ecdsa-sha2-nistp256 ${b64(key)}\nh ssh-rsa ${b64(other)}\n`),
        'h',
        2222,
      ),
    ).toEqual(['ecdsa-sha2-nistp256']);
  });

  it('refuses an unknown host, another port, a negated pattern, a changed key and a revoked one', () => {
    expect(verifyHostKey(file(''), 'h', 22, key)).toMatchObject({
      trusted: false,
      reason: expect.stringContaining('is not known'),
    });
    expect(verifyHostKey(file(`h ssh-ed25519 ${b64(key)}\n`), 'h', 2222, key)).toMatchObject({
      reason: expect.stringContaining('[h]:2222 is not known'),
    });
    expect(
      verifyHostKey(file(`*.example,!bad.example ssh-ed25519 ${b64(key)}\n`), 'bad.example', 22, key),
    ).toMatchObject({ trusted: false });
    const changed = verifyHostKey(file(`h ssh-ed25519 ${b64(other)}\n`), 'h', 22, key);
    expect(changed).toMatchObject({
      reason: expect.stringContaining(
        `it showed ${keyFingerprint(key)}, the file knows ssh-ed25519 ${keyFingerprint(other)}`,
      ),
    });
    const revoked = verifyHostKey(
      file(`@revoked * ssh-ed25519 ${b64(key)}\nh ssh-ed25519 ${b64(key)}\n`),
      'h',
      22,
      key,
    );
    expect(revoked).toMatchObject({ reason: expect.stringContaining('@revoked') });
    expect(verifyHostKey(join(dir, 'missing'), 'h', 22, key)).toMatchObject({
      reason: expect.stringContaining('cannot be read (ENOENT)'),
    });
  });
});
