import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DIRECTORY_FLAGS,
  type PinnedDirectory,
  procPath,
} from '../../sandbox/confined-files/pinned-directory';

const MAX_ENTRIES = 1_000;

/**
 * Files and directories two levels deep, skipping hidden entries and node_modules; directories end in
 * `/`. Lists through the pinned handle and opens subdirectories with O_NOFOLLOW, so a link (shown as
 * `name@`) is never walked into and a folder swapped for one mid-listing is skipped.
 */
export async function viewDirectory(directory: PinnedDirectory): Promise<string> {
  const lines: string[] = [];
  let truncated = false;
  const walk = async (current: PinnedDirectory, depth: number): Promise<void> => {
    // A directory that cannot be read (permissions, removed meanwhile) lists as empty.
    const entries = await readdir(procPath(current), { withFileTypes: true }).catch(() => []);
    entries.sort((left, right) => left.name.localeCompare(right.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (lines.length >= MAX_ENTRIES) {
        truncated = true;
        return;
      }
      const child = join(current.path, entry.name);
      lines.push(entry.isDirectory() ? `${child}/` : entry.isSymbolicLink() ? `${child}@` : child);
      if (entry.isDirectory() && depth < 2) await walkInto(current, entry.name, child, depth);
    }
  };
  const walkInto = async (
    parent: PinnedDirectory,
    name: string,
    path: string,
    depth: number,
  ): Promise<void> => {
    // Swapped for a link or removed since readdir: leave it out rather than follow it.
    const handle = await open(procPath(parent, name), DIRECTORY_FLAGS).catch(() => undefined);
    if (handle === undefined) return;
    try {
      await walk({ handle, path }, depth + 1);
    } finally {
      await handle.close();
    }
  };
  await walk(directory, 1);
  const header = `Files and directories up to 2 levels deep in ${directory.path}, excluding hidden items and node_modules:`;
  const footer = truncated
    ? [`[Listing stopped at ${MAX_ENTRIES} entries; view a subdirectory to see more.]`]
    : [];
  if (lines.length === 0) return `${header}\n(empty)`;
  return [header, ...lines, ...footer].join('\n');
}
