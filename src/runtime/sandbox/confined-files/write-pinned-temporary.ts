import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { type PinnedDirectory, procPath } from './pinned-directory';

const TEMPORARY_FLAGS = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW;
/** Keeps `.name.<random>.tmp` under the 255-byte name limit for long names. */
const MAX_NAME_IN_TEMPORARY = 200;

/** A fresh name beside `name` in the same folder, for a temporary or a backup (`suffix`: tmp, bak). */
export function siblingName(name: string, suffix: string): string {
  return `.${name.slice(0, MAX_NAME_IN_TEMPORARY)}.${randomBytes(6).toString('hex')}.${suffix}`;
}

/**
 * Writes `content` to a new temporary file beside `name` in the pinned directory and returns its
 * name, ready to be renamed over `name`. The file is created exclusively without following links,
 * so nothing is ever written through one. `mode` keeps an existing file's permission bits; absent,
 * the default (0666 less the umask). Throws file system errors, after removing the temporary file.
 */
export async function writePinnedTemporary(
  parent: PinnedDirectory,
  name: string,
  content: string,
  mode?: number,
): Promise<string> {
  const temporary = siblingName(name, 'tmp');
  try {
    const handle = await open(procPath(parent, temporary), TEMPORARY_FLAGS, 0o666);
    try {
      if (mode !== undefined) await handle.chmod(mode);
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return temporary;
  } catch (error) {
    await unlink(procPath(parent, temporary)).catch(() => {
      // Never created: nothing to clean up.
    });
    throw error;
  }
}
