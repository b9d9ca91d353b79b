import { type FileEditorAction, type FileEditorObservation, textContent } from '../../events';
import type { Tool } from '../tool';
import { createEditHistory } from './edit-history';
import { fileEditorArguments } from './file-editor-arguments';
import { runEditorCommand } from './run-editor-command';

/** Contents kept on the observation for the UI's diff; larger ones are left out rather than cut wrong. */
const MAX_DIFF_CHARACTERS = 200_000;

const DESCRIPTION = `View, create and edit files. Paths must be absolute.
- view: a file with line numbers (cat -n style; use view_range [first, last] for part of a big file), or a directory listed two levels deep.
- create: a new file with file_text (refuses to overwrite an existing file; edit those with str_replace).
- str_replace: replace old_str with new_str. old_str must match exactly one place, whitespace included: copy it from a view and include a few lines of context to make it unique.
- insert: put new_str after line insert_line (0 for the top).
- undo_edit: revert the last change this tool made to the file.
Works only inside the workspace (saved tool outputs may also be viewed); paths or links leading out of it are refused. Prefer small, targeted str_replace edits and view the result.`;

export function createFileEditorTool(): Tool<FileEditorAction> {
  const history = createEditHistory();
  return {
    name: 'file_editor',
    readOnly: false,
    spec: { name: 'file_editor', description: DESCRIPTION, parameters: fileEditorArguments.parameters },
    parseArguments: fileEditorArguments.parse,
    async execute(action, context) {
      const outcome = await runEditorCommand(action, context, history);
      const diff =
        (outcome.old_content?.length ?? 0) <= MAX_DIFF_CHARACTERS &&
        (outcome.new_content?.length ?? 0) <= MAX_DIFF_CHARACTERS
          ? { old_content: outcome.old_content, new_content: outcome.new_content }
          : {};
      const observation: FileEditorObservation = {
        kind: 'FileEditorObservation',
        content: [textContent(outcome.text)],
        is_error: outcome.isError,
        command: action.command,
        path: action.path,
      };
      if (diff.old_content !== undefined) observation.old_content = diff.old_content;
      if (diff.new_content !== undefined) observation.new_content = diff.new_content;
      return observation;
    },
  };
}
