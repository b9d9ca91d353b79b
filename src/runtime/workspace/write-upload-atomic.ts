import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { ConfinedTarget } from '../sandbox/confined-files/confined-path';
import { procPath } from '../sandbox/confined-files/pinned-directory';

const TEMPORARY_FLAGS = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW;
/** Keeps `.name.<random>.upload` under the 255-byte name limit for long names. */
const MAX_NAME_IN_TEMPORARY = 200;

export type UploadOutcome =
  | { ok: true; bytes: number }
  | { ok: false; reason: 'is-directory' | 'not-a-file' | 'too-large' };

/**
 * Streams `source` into `target` through a temporary file in the same (pinned) folder and a rename,
 * so nobody ever sees half an upload, nothing is written through a link, and an upload over
 * `limitBytes` or one that fails midway leaves nothing behind. Keeps an existing file's permission bits.
 * Must run inside withAllowedPath's callback. Throws file system errors (after removing the temporary).
 */
export async function writeUploadAtomic(
  target: ConfinedTarget,
  source: Readable,
  limitBytes: number,
): Promise<UploadOutcome> {
  if (target.name === '.') return { ok: false, reason: 'is-directory' };
  let mode = 0o666;
  if (target.handle !== undefined) {
    const existing = await target.handle.stat();
    if (existing.isDirectory()) return { ok: false, reason: 'is-directory' };
    if (!existing.isFile()) return { ok: false, reason: 'not-a-file' };
    mode = existing.mode & 0o7777;
  }
  const temporary = `.${target.name.slice(0, MAX_NAME_IN_TEMPORARY)}.${randomBytes(6).toString('hex')}.upload`;
  let bytes = 0;
  let tooLarge = false;
  try {
    const handle = await open(procPath(target.parent, temporary), TEMPORARY_FLAGS, mode);
    try {
      if (target.handle !== undefined) await handle.chmod(mode);
      for await (const chunk of source as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > limitBytes) {
          tooLarge = true;
          throw new Error('upload too large');
        }
        await handle.write(chunk);
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(procPath(target.parent, temporary), procPath(target.parent, target.name));
  } catch (error) {
    await unlink(procPath(target.parent, temporary)).catch(() => {
      // Never created, or already renamed into place: nothing to clean up.
    });
    if (tooLarge) return { ok: false, reason: 'too-large' };
    throw error;
  }
  await target.parent.handle.sync();
  return { ok: true, bytes };
}
