import { lstat, mkdir, realpath, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type FileEditorAction, type FileEditorObservation, textContent } from '../../events';
import type { Tool, ToolContext } from '../tool';
import { createEditHistory, type EditHistory } from './edit-history';
import { fileEditorArguments } from './file-editor-arguments';
import { fileSystemError, readTextFile } from './read-text-file';
import { type EditResult, editSnippet, insertAfterLine, replaceUnique, splitLines } from './text-edits';
import { viewDirectory } from './view-directory';
import { viewFile } from './view-file';
import { absoluteEditorPath, isInsideWorkspace } from './workspace-path';
import { writeFileAtomic } from './write-file-atomic';

const MAX_EDIT_BYTES = 20 * 1024 * 1024;
/** Contents kept on the observation for the UI's diff; larger ones are left out rather than cut wrong. */
const MAX_DIFF_CHARACTERS = 200_000;

const DESCRIPTION = `View, create and edit files. Paths must be absolute.
- view: a file with line numbers (cat -n style; use view_range [first, last] for part of a big file), or a directory listed two levels deep.
- create: a new file with file_text (refuses to overwrite an existing file; edit those with str_replace).
- str_replace: replace old_str with new_str. old_str must match exactly one place, whitespace included: copy it from a view and include a few lines of context to make it unique.
- insert: put new_str after line insert_line (0 for the top).
- undo_edit: revert the last change this tool made to the file.
Edits are confined to the workspace. Prefer small, targeted str_replace edits and view the result.`;

type Outcome = { text: string; isError: boolean; old_content?: string; new_content?: string };

export function createFileEditorTool(): Tool<FileEditorAction> {
  const history = createEditHistory();
  return {
    name: 'file_editor',
    readOnly: false,
    spec: { name: 'file_editor', description: DESCRIPTION, parameters: fileEditorArguments.parameters },
    parseArguments: fileEditorArguments.parse,
    async execute(action, context) {
      const outcome = await runCommand(action, context, history);
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

async function runCommand(
  action: FileEditorAction,
  context: ToolContext,
  history: EditHistory,
): Promise<Outcome> {
  const absolute = absoluteEditorPath(action.path, context.workspaceDir);
  if (!absolute.ok) return failure(absolute.error);
  // Edit the file a symbolic link points to, and keep one history per real file.
  const path = await realpath(absolute.path).catch(() => absolute.path);
  if (action.command === 'view') return view(path, action.view_range);
  if (!(await isInsideWorkspace(path, context.workspaceDir))) {
    return failure(
      `${absolute.path} is outside the workspace ${context.workspaceDir}; the editor writes only inside it.`,
    );
  }
  try {
    switch (action.command) {
      case 'create':
        return await create(path, action.file_text ?? '', history);
      case 'str_replace':
        return await edit(path, history, (content) =>
          replaceUnique(content, action.old_str ?? '', action.new_str ?? '', path),
        );
      case 'insert':
        return await edit(path, history, (content) =>
          insertAfterLine(content, action.insert_line ?? 0, action.new_str ?? '', path),
        );
      case 'undo_edit':
        return await undo(path, history);
    }
  } catch (error) {
    if (isErrnoException(error)) return failure(fileSystemError(error, path));
    throw error;
  }
}

async function view(path: string, range: [number, number] | undefined): Promise<Outcome> {
  const stats = await stat(path).catch((error: NodeJS.ErrnoException) => error);
  if (stats instanceof Error) return failure(fileSystemError(stats, path));
  if (stats.isDirectory()) {
    if (range !== undefined) return failure('view_range applies to files only; this path is a directory.');
    return { text: await viewDirectory(path), isError: false };
  }
  return viewFile(path, range);
}

async function create(path: string, text: string, history: EditHistory): Promise<Outcome> {
  const existing = await lstat(path).catch(() => undefined);
  if (existing !== undefined) {
    return failure(
      `${path} already exists; create only makes new files. To change it, use str_replace (view it first), or undo_edit/rm if it should go.`,
    );
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, text);
  history.record(path, null);
  return {
    text: `Created ${path} (${splitLines(text).length} lines).`,
    isError: false,
    old_content: '',
    new_content: text,
  };
}

async function edit(
  path: string,
  history: EditHistory,
  change: (content: string) => EditResult,
): Promise<Outcome> {
  const read = await readTextFile(path, MAX_EDIT_BYTES, 'edit it');
  if (!read.ok) return failure(read.error);
  const result = change(read.content);
  if (!result.ok) return failure(result.error);
  await writeFileAtomic(path, result.content);
  history.record(path, read.content);
  const snippet = editSnippet(result.content, result.firstLine, result.lastLine);
  return {
    text: `Edited ${path}. The changed lines with some context:\n${snippet}\nCheck the change; undo_edit reverts it.`,
    isError: false,
    old_content: read.content,
    new_content: result.content,
  };
}

async function undo(path: string, history: EditHistory): Promise<Outcome> {
  const previous = history.takeLatest(path);
  if (previous === undefined)
    return failure(`There is no edit of ${path} left to undo in this conversation.`);
  const current = await readTextFile(path, MAX_EDIT_BYTES, 'edit it');
  const currentContent = current.ok ? current.content : '';
  if (previous === null) {
    await rm(path, { force: true });
    return {
      text: `Undid the creation of ${path}: the file is removed.`,
      isError: false,
      old_content: currentContent,
      new_content: '',
    };
  }
  await writeFileAtomic(path, previous);
  return {
    text: `Undid the last edit of ${path}; it has ${splitLines(previous).length} lines again.`,
    isError: false,
    old_content: currentContent,
    new_content: previous,
  };
}

function failure(text: string): Outcome {
  return { text, isError: true };
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
