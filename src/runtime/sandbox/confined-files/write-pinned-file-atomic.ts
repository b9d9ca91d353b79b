import { rename, unlink } from 'node:fs/promises';
import { type PinnedDirectory, procPath } from './pinned-directory';
import { writePinnedTemporary } from './write-pinned-temporary';

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
  const temporary = await writePinnedTemporary(parent, name, content, mode);
  try {
    await rename(procPath(parent, temporary), procPath(parent, name));
  } catch (error) {
    await unlink(procPath(parent, temporary)).catch(() => {
      // Already renamed into place or gone: nothing to clean up.
    });
    throw error;
  }
  // Make the rename itself durable, not only the content.
  await parent.handle.sync();
}
