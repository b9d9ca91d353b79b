import type { FileHandle } from 'node:fs/promises';

export type ReadTextResult = { ok: true; content: string; mode: number } | { ok: false; error: string };

/** Bytes inspected for a NUL byte, the mark of a binary file. */
const SNIFF_BYTES = 8_000;

/**
 * Reads a text file for the editor through a handle the caller opened (and closes), so what is
 * checked is what is read. Expected problems come back as text the model can act on: a directory,
 * not a regular file, a binary file, a file over `maxBytes`. `mode` is the permission bits, for a rewrite.
 */
export async function readTextFile(
  handle: FileHandle,
  path: string,
  maxBytes: number,
  purpose: string,
): Promise<ReadTextResult> {
  const stats = await handle.stat();
  if (stats.isDirectory()) return { ok: false, error: `${path} is a directory, not a file.` };
  if (!stats.isFile())
    return { ok: false, error: `${path} is not a regular file; the editor handles regular files only.` };
  if (stats.size > maxBytes) {
    return {
      ok: false,
      error: `${path} is ${megabytes(stats.size)}, over the ${megabytes(maxBytes)} limit to ${purpose}. Use view with view_range, or grep/head/sed in the terminal.`,
    };
  }
  const content = await handle.readFile();
  if (content.subarray(0, SNIFF_BYTES).includes(0)) {
    return {
      ok: false,
      error: `${path} is a binary file; the editor handles text only. Inspect it in the terminal (file, xxd, strings).`,
    };
  }
  return { ok: true, content: content.toString('utf8'), mode: stats.mode & 0o7777 };
}

export function fileSystemError(error: NodeJS.ErrnoException, path: string): string {
  switch (error.code) {
    case 'ENOENT':
      return doesNotExist(path);
    case 'EACCES':
    case 'EPERM':
      return `Permission denied for ${path}.`;
    case 'ENOTDIR':
      return `A part of ${path} is a file, not a directory.`;
    case 'EROFS':
      return `${path} is on a read-only file system.`;
    default:
      return `Could not access ${path}: ${error.code ?? error.message}.`;
  }
}

export function doesNotExist(path: string): string {
  return `${path} does not exist. Check the path (view the parent directory to list it), or use create for a new file.`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
