import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes `content` to `path` so that a reader sees either the old file or the whole new one, never a
 * torn write: a sibling temp file created with `mode`, flushed to disk, then renamed over the target,
 * and the rename made durable by flushing the folder. Throws the fs error when the write fails; the
 * target is then unchanged. (The file editor's twin, writePinnedFileAtomic, does the same inside a
 * directory pinned against the agent's links.)
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
  const folder = openSync(dirname(path), 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}
