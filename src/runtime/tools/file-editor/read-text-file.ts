import { open, stat } from 'node:fs/promises';

export type ReadTextResult = { ok: true; content: string } | { ok: false; error: string };

/** Bytes inspected for a NUL byte, the mark of a binary file. */
const SNIFF_BYTES = 8_000;

/**
 * Reads a text file for the editor. Expected problems come back as text the model can act on:
 * missing file, a directory, a binary file, a file over `maxBytes`.
 */
export async function readTextFile(path: string, maxBytes: number, purpose: string): Promise<ReadTextResult> {
  const stats = await stat(path).catch((error: NodeJS.ErrnoException) => error);
  if (stats instanceof Error) return { ok: false, error: fileSystemError(stats, path) };
  if (stats.isDirectory()) return { ok: false, error: `${path} is a directory, not a file.` };
  if (!stats.isFile()) return { ok: false, error: `${path} is not a regular file.` };
  if (stats.size > maxBytes) {
    return {
      ok: false,
      error: `${path} is ${megabytes(stats.size)}, over the ${megabytes(maxBytes)} limit to ${purpose}. Use view with view_range, or grep/head/sed in the terminal.`,
    };
  }
  const handle = await open(path, 'r');
  try {
    const content = await handle.readFile();
    if (content.subarray(0, SNIFF_BYTES).includes(0)) {
      return {
        ok: false,
        error: `${path} is a binary file; the editor handles text only. Inspect it in the terminal (file, xxd, strings).`,
      };
    }
    return { ok: true, content: content.toString('utf8') };
  } finally {
    await handle.close();
  }
}

export function fileSystemError(error: NodeJS.ErrnoException, path: string): string {
  switch (error.code) {
    case 'ENOENT':
      return `${path} does not exist. Check the path (view the parent directory to list it), or use create for a new file.`;
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

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
