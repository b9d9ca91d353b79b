import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { type PinnedDirectory, procPath } from './pinned-directory';

const TEMPORARY_FLAGS = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW;
/** Keeps `.name.<random>.tmp` under the 255-byte name limit for long names. */
const MAX_NAME_IN_TEMPORARY = 200;

/**
 * Writes `name` inside the pinned directory through a temporary file there and a rename, so a reader
 * (or a crash) never sees half a file, and nothing is ever written through a link: the temporary is
 * created exclusively without following links, and rename replaces the name itself. `mode` keeps an
 * existing file's permission bits; a new file gets the default (0666 less the umask). Throws file
 * system errors, after removing the temporary file.
 */
export async function writePinnedFileAtomic(
  parent: PinnedDirectory,
  name: string,
  content: string,
  mode?: number,
): Promise<void> {
  const temporary = `.${name.slice(0, MAX_NAME_IN_TEMPORARY)}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(procPath(parent, temporary), TEMPORARY_FLAGS, 0o666);
    try {
      if (mode !== undefined) await handle.chmod(mode);
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(procPath(parent, temporary), procPath(parent, name));
  } catch (error) {
    await unlink(procPath(parent, temporary)).catch(() => {
      // Never created, or already renamed into place: nothing to clean up.
    });
    throw error;
  }
  // Make the rename itself durable, not only the content.
  await parent.handle.sync();
}
