import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

/**
 * Writes `content` to `path` so that a reader sees either the old file or the whole new one, never a
 * torn write: a sibling temp file created with `mode`, flushed to disk, then renamed over the target.
 * Throws the fs error when the write fails; the target is then unchanged.
 */
export function writeFileAtomic(path: string, content: string, mode: number): void {
  const temporaryPath = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const descriptor = openSync(temporaryPath, 'wx', mode);
    try {
      writeSync(descriptor, content);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporaryPath, path);
  } catch (error) {
    rmSync(temporaryPath, { force: true });
    throw error;
  }
}
