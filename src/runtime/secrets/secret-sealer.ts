import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Seals secret values that must outlive the runtime (a conversation's MCP env values and headers) so
 * the database never holds them in plain text: AES-256-GCM under a key kept in `<data-dir>/secrets.key`
 * (0600), made on first use. Whoever holds the whole data dir can open them, as they can read
 * settings.json; a copy of the database alone (a backup, a file attached to a report) cannot.
 */
export interface SecretSealer {
  seal(plain: string): string;
  /** Throws when the text was not sealed with this data dir's key, or was changed. */
  open(sealed: string): string;
}

const FORMAT = 'v1';
const KEY_FILE = 'secrets.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;

export function createSecretSealer(dataDir: string): SecretSealer {
  let key: Buffer | undefined;
  const keyNow = () => {
    key ??= readOrMakeKey(join(dataDir, KEY_FILE));
    return key;
  };
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyNow(), iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, iv, cipher.getAuthTag(), sealed].map(encode).join('.');
    },
    open(text) {
      const [format, iv, tag, sealed] = text.split('.');
      if (format !== FORMAT || !iv || !tag || sealed === undefined)
        throw new Error('not a sealed value of this version');
      const decipher = createDecipheriv('aes-256-gcm', keyNow(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

function encode(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}

function readOrMakeKey(path: string): Buffer {
  // Written whole under another name, then linked into place: a runtime starting beside this one
  // (--runtimes) never reads a key file that is still empty, and only one key ever wins.
  const draft = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(draft, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'w' });
    linkSync(draft, path);
  } catch (error) {
    // EEXIST: made before (by an earlier start or another runtime); read below.
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const key = readFileSync(path);
  if (key.length !== KEY_BYTES) throw new Error(`${path} is not a ${KEY_BYTES}-byte key`);
  return key;
}
