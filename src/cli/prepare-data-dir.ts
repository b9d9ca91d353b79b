import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';

export type PrepareResult = { ok: true } | { ok: false; message: string };

/**
 * Creates the data dir (mode 0700, parents included) and checks that we can write into it.
 * Never throws for a bad path: the person gets one line saying what is wrong and how to fix it.
 */
export async function prepareDataDir(dataDir: string): Promise<PrepareResult> {
  const existing = await stat(dataDir).catch(() => undefined);
  if (existing && !existing.isDirectory()) {
    return {
      ok: false,
      message: `data dir ${dataDir} is a file, not a folder; pass --data-dir with a folder path`,
    };
  }
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await access(dataDir, constants.W_OK | constants.X_OK);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: describeFailure(dataDir, error) };
  }
}

function describeFailure(dataDir: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOTDIR') {
    return `data dir ${dataDir} cannot be created: part of its path is a file; pass --data-dir with a folder path`;
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return `data dir ${dataDir} is not writable (${code}); fix its permissions or pass --data-dir with a writable folder`;
  }
  return `data dir ${dataDir} cannot be used (${code ?? String(error)}); pass --data-dir with a writable folder`;
}
