import type { FileEditorAction } from '../../events';
import type { ToolContext } from '../tool';
import { type ConfinedTarget, withConfinedPath } from '../../sandbox/confined-files/confined-path';
import { confinedRoots } from '../../sandbox/confined-files/confined-root';
import { confinementMessage } from './confinement-message';
import { createFile } from './create-file';
import type { EditHistory } from './edit-history';
import { editFile } from './edit-file';
import { type EditorOutcome, failure } from './editor-outcome';
import { gitControlRefusal } from './git-control-refusal';
import { fileSystemError } from '../../sandbox/confined-files/read-text-file';
import { insertAfterLine, replaceUnique } from './text-edits';
import { undoEdit } from './undo-edit';
import { viewTarget } from './view-target';
import { absoluteEditorPath } from './workspace-path';

/**
 * Runs one file_editor command. The agent is untrusted and this runs outside its sandbox, so every
 * command, view included, goes through `withConfinedPath`: only the workspace, plus the context's
 * read-only roots for view. Expected failures come back as error outcomes; only bugs throw.
 */
export async function runEditorCommand(
  action: FileEditorAction,
  context: ToolContext,
  history: EditHistory,
): Promise<EditorOutcome> {
  const absolute = absoluteEditorPath(action.path, context.workspaceDir);
  if (!absolute.ok) return failure(absolute.error);
  const roots = await confinedRoots(context.workspaceDir, context.readOnlyRoots);
  const options = { write: action.command !== 'view', createParents: action.command === 'create' };
  const refusal = options.write ? gitControlRefusal([absolute.path]) : undefined;
  if (refusal !== undefined) return failure(refusal);
  try {
    const result = await withConfinedPath(roots, absolute.path, options, async (target) => {
      // Again where the walk really ended: a link may lead into .git/hooks from an innocent name.
      const linked = options.write ? gitControlRefusal([target.path]) : undefined;
      return linked === undefined ? runOnTarget(action, target, history) : failure(linked);
    });
    if (result.ok) return result.value;
    return failure(confinementMessage(result.failure, absolute.path, context.workspaceDir));
  } catch (error) {
    if (isErrnoException(error)) return failure(fileSystemError(error, absolute.path));
    throw error;
  }
}

function runOnTarget(
  action: FileEditorAction,
  target: ConfinedTarget,
  history: EditHistory,
): Promise<EditorOutcome> {
  switch (action.command) {
    case 'view':
      return viewTarget(target, action.view_range);
    case 'create':
      return createFile(target, action.file_text ?? '', history);
    case 'str_replace':
      return editFile(target, history, (content, path) =>
        replaceUnique(content, action.old_str ?? '', action.new_str ?? '', path),
      );
    case 'insert':
      return editFile(target, history, (content, path) =>
        insertAfterLine(content, action.insert_line ?? 0, action.new_str ?? '', path),
      );
    case 'undo_edit':
      return undoEdit(target, history);
  }
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
