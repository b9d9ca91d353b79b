/** What one command produced: the text for the model, and the contents before and after for the UI's diff. */
export type EditorOutcome = { text: string; isError: boolean; old_content?: string; new_content?: string };

export function failure(text: string): EditorOutcome {
  return { text, isError: true };
}

/** Largest file str_replace, insert and undo_edit will load. */
export const MAX_EDIT_BYTES = 20 * 1024 * 1024;
