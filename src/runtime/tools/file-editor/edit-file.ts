import type { ConfinedTarget } from '../../sandbox/confined-files/confined-path';
import type { EditHistory } from './edit-history';
import { type EditorOutcome, failure, MAX_EDIT_BYTES } from './editor-outcome';
import { doesNotExist, readTextFile } from '../../sandbox/confined-files/read-text-file';
import { type EditResult, editSnippet } from './text-edits';
import { writePinnedFileAtomic } from '../../sandbox/confined-files/write-pinned-file-atomic';

/** `str_replace` and `insert`: reads the file through its open handle, applies `change`, writes it back in place. */
export async function editFile(
  target: ConfinedTarget,
  history: EditHistory,
  change: (content: string, path: string) => EditResult,
): Promise<EditorOutcome> {
  if (target.handle === undefined) return failure(doesNotExist(target.path));
  const read = await readTextFile(target.handle, target.path, MAX_EDIT_BYTES, 'edit it');
  if (!read.ok) return failure(read.error);
  const result = change(read.content, target.path);
  if (!result.ok) return failure(result.error);
  await writePinnedFileAtomic(target.parent, target.name, result.content, read.mode);
  history.record(target.path, read.content);
  const snippet = editSnippet(result.content, result.firstLine, result.lastLine);
  return {
    text: `Edited ${target.path}. The changed lines with some context:\n${snippet}\nCheck the change; undo_edit reverts it.`,
    isError: false,
    old_content: read.content,
    new_content: result.content,
  };
}
