import { randomBytes } from 'node:crypto';
import { chmod, rm, stat, writeFile, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes through a temporary file in the same directory and a rename, so a reader (or a crash) never
 * sees half a file. An existing file keeps its permission bits.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const mode = await stat(path).then(
    (stats) => stats.mode & 0o7777,
    () => undefined,
  );
  try {
    await writeFile(temporary, content, { flag: 'wx' });
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
