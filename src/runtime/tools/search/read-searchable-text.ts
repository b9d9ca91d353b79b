import { type FileHandle, open } from 'node:fs/promises';
import { FINAL_FLAGS, type PinnedDirectory, procPath } from '../../sandbox/confined-files/pinned-directory';

/** Files over this size are skipped: a search is for source, not for logs and dumps. */
export const MAX_SEARCHED_FILE_BYTES = 8 * 1024 * 1024;
/** Bytes inspected for a NUL byte, the mark of a binary file (as ripgrep does). */
const SNIFF_BYTES = 8_000;

export type SearchableText =
  | { kind: 'text'; text: string }
  | { kind: 'skipped'; why: 'binary' | 'large' | 'unreadable' };

/**
 * Reads one name of a pinned folder for searching: opened relative to the folder without following
 * a link (a file swapped for a link since the listing is unreadable, never followed), and only when
 * it is a regular file (a planted pipe or device is not read).
 */
export async function readSearchableText(folder: PinnedDirectory, name: string): Promise<SearchableText> {
  const handle = await open(procPath(folder, name), FINAL_FLAGS).catch(() => undefined);
  if (handle === undefined) return { kind: 'skipped', why: 'unreadable' };
  try {
    return await readHandle(handle);
  } finally {
    await handle.close();
  }
}

export async function readHandle(handle: FileHandle): Promise<SearchableText> {
  const stats = await handle.stat();
  if (!stats.isFile()) return { kind: 'skipped', why: 'unreadable' };
  if (stats.size > MAX_SEARCHED_FILE_BYTES) return { kind: 'skipped', why: 'large' };
  const content = await handle.readFile().catch(() => undefined);
  if (content === undefined) return { kind: 'skipped', why: 'unreadable' };
  if (content.subarray(0, SNIFF_BYTES).includes(0)) return { kind: 'skipped', why: 'binary' };
  return { kind: 'text', text: content.toString('utf8') };
}
