import { isAbsolute, normalize } from 'node:path';
import { type FileEditorAction, textContent } from '../events';
import { createNestedInstructions } from '../skills/nested-instructions';
import type { Tool } from './tool';

/**
 * The file editor, with the AGENTS.md of the folders it first touches below the workspace root added
 * to its observation (see createNestedInstructions). Errors and paths outside the workspace add nothing.
 */
export function withNestedInstructions(editor: Tool<FileEditorAction>): Tool<FileEditorAction> {
  let notesFor: ReturnType<typeof createNestedInstructions> | undefined;
  let workspace: string | undefined;
  return {
    ...editor,
    async execute(action, context) {
      const observation = await editor.execute(action, context);
      if (observation.is_error || !isAbsolute(action.path)) return observation;
      if (!notesFor || workspace !== context.workspaceDir) {
        workspace = context.workspaceDir;
        notesFor = createNestedInstructions(context.workspaceDir);
      }
      // The folder holding the path: a file's, or for a viewed folder its parent's (its own notes
      // come with the first file touched inside it).
      const notes = await notesFor(normalize(action.path), false);
      if (notes.length === 0) return observation;
      return { ...observation, content: [...observation.content, ...notes.map((note) => textContent(note))] };
    },
  };
}
