import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

const MAX_ENTRIES = 1_000;

/** Files and directories two levels deep, skipping hidden entries and node_modules; directories end in `/`. */
export async function viewDirectory(directory: string): Promise<string> {
  const lines: string[] = [];
  let truncated = false;
  const walk = async (path: string, depth: number): Promise<void> => {
    const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
    entries.sort((left, right) => left.name.localeCompare(right.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (lines.length >= MAX_ENTRIES) {
        truncated = true;
        return;
      }
      const child = join(path, entry.name);
      lines.push(entry.isDirectory() ? `${child}/` : child);
      if (entry.isDirectory() && depth < 2) await walk(child, depth + 1);
    }
  };
  await walk(directory, 1);
  const header = `Files and directories up to 2 levels deep in ${directory}, excluding hidden items and node_modules:`;
  const footer = truncated
    ? [`[Listing stopped at ${MAX_ENTRIES} entries; view a subdirectory to see more.]`]
    : [];
  if (lines.length === 0) return `${header}\n(empty)`;
  return [header, ...lines, ...footer].join('\n');
}
