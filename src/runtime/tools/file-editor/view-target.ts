import type { ConfinedTarget } from '../../sandbox/confined-files/confined-path';
import { type EditorOutcome, failure } from './editor-outcome';
import { doesNotExist } from '../../sandbox/confined-files/read-text-file';
import { viewDirectory } from './view-directory';
import { viewFile } from './view-file';

/** `view` of a resolved path: a directory listing or the file with line numbers, read through the open handle. */
export async function viewTarget(
  target: ConfinedTarget,
  range: [number, number] | undefined,
): Promise<EditorOutcome> {
  const handle = target.handle;
  if (handle === undefined) return failure(doesNotExist(target.path));
  const stats = await handle.stat();
  if (stats.isDirectory()) {
    if (range !== undefined) return failure('view_range applies to files only; this path is a directory.');
    return { text: await viewDirectory({ handle, path: target.path }), isError: false };
  }
  return viewFile(handle, target.path, range);
}
