import type { ConfinedTarget } from '../../sandbox/confined-files/confined-path';
import type { EditHistory } from './edit-history';
import { type EditorOutcome, failure } from './editor-outcome';
import { splitLines } from './text-edits';
import { writePinnedFileAtomic } from '../../sandbox/confined-files/write-pinned-file-atomic';

/** `create` of a resolved path whose parents exist (made by the walk); refuses an existing name of any kind. */
export async function createFile(
  target: ConfinedTarget,
  text: string,
  history: EditHistory,
): Promise<EditorOutcome> {
  if (target.handle !== undefined) {
    return failure(
      `${target.path} already exists; create only makes new files. To change it, use str_replace (view it first), or undo_edit/rm if it should go.`,
    );
  }
  await writePinnedFileAtomic(target.parent, target.name, text);
  history.record(target.path, null);
  return {
    text: `Created ${target.path} (${splitLines(text).length} lines).`,
    isError: false,
    old_content: '',
    new_content: text,
  };
}
