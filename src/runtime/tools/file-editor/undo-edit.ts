import { unlink } from 'node:fs/promises';
import type { ConfinedTarget } from '../../sandbox/confined-files/confined-path';
import type { EditHistory } from './edit-history';
import { type EditorOutcome, failure, MAX_EDIT_BYTES } from './editor-outcome';
import { readTextFile } from '../../sandbox/confined-files/read-text-file';
import { procPath } from '../../sandbox/confined-files/pinned-directory';
import { splitLines } from './text-edits';
import { writePinnedFileAtomic } from '../../sandbox/confined-files/write-pinned-file-atomic';

/** `undo_edit`: restores the content before this tool's last change to the file, or removes a file it created. */
export async function undoEdit(target: ConfinedTarget, history: EditHistory): Promise<EditorOutcome> {
  const previous = history.takeLatest(target.path);
  if (previous === undefined)
    return failure(`There is no edit of ${target.path} left to undo in this conversation.`);
  const current =
    target.handle === undefined
      ? undefined
      : await readTextFile(target.handle, target.path, MAX_EDIT_BYTES, 'edit it');
  const currentContent = current?.ok ? current.content : '';
  if (previous === null) {
    // unlink removes the name in the pinned directory, never what a link there points to.
    await unlink(procPath(target.parent, target.name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return {
      text: `Undid the creation of ${target.path}: the file is removed.`,
      isError: false,
      old_content: currentContent,
      new_content: '',
    };
  }
  await writePinnedFileAtomic(target.parent, target.name, previous, current?.ok ? current.mode : undefined);
  return {
    text: `Undid the last edit of ${target.path}; it has ${splitLines(previous).length} lines again.`,
    isError: false,
    old_content: currentContent,
    new_content: previous,
  };
}
