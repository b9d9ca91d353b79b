import { join } from 'node:path';
import { z } from 'zod';
import {
  type MemoryProposeAction,
  type MemoryProposeObservation,
  contentText,
  textContent,
} from '../../events';
import { MEMORY_FILE } from '../../skills/memory-file';
import { readConfinedText } from '../../skills/workspace-reads';
import { createFileEditorTool } from '../file-editor/file-editor-tool';
import type { Tool } from '../tool';
import { defineToolArguments } from '../tool-arguments';

/** One proposal stays short: memory is notes, not documents. */
const MAX_ADDITION_CHARACTERS = 4_000;

const memoryArguments = defineToolArguments(
  'memory_propose',
  z
    .object({
      addition: z
        .string()
        .trim()
        .min(1)
        .max(MAX_ADDITION_CHARACTERS)
        .describe(
          'The Markdown lines to append to MEMORY.md, e.g. "- Run the tests with `npm test -- --run`."',
        ),
    })
    .transform((args): MemoryProposeAction => ({ kind: 'MemoryProposeAction', addition: args.addition })),
);

const DESCRIPTION =
  "Propose lines to append to the workspace's MEMORY.md, the notes kept across conversations (build and test commands, conventions, decisions). The person sees the addition and accepts or rejects it; only accepted text is written.";

/**
 * memory_propose: runs only once the person accepted the proposal (decideConfirmations always asks
 * about it). Appends through the file editor, so the write has the editor's confinement (no link out
 * of the workspace, git's control files refused).
 */
export function createMemoryProposeTool(): Tool<MemoryProposeAction> {
  const editor = createFileEditorTool();
  return {
    name: 'memory_propose',
    readOnly: false,
    spec: { name: 'memory_propose', description: DESCRIPTION, parameters: memoryArguments.parameters },
    parseArguments: memoryArguments.parse,
    async execute(action, context): Promise<MemoryProposeObservation> {
      const path = join(context.workspaceDir, MEMORY_FILE);
      const current = await readConfinedText(context.workspaceDir, MEMORY_FILE, 1024 * 1024);
      const addition = `${action.addition}\n`;
      const edited = await editor.execute(
        current === undefined
          ? { kind: 'FileEditorAction', command: 'create', path, file_text: addition }
          : {
              kind: 'FileEditorAction',
              command: 'insert',
              path,
              insert_line: lineCount(current),
              new_str: current === '' || current.endsWith('\n') ? addition : `\n${addition}`,
            },
        context,
      );
      const lines = action.addition.split('\n').length;
      return {
        kind: 'MemoryProposeObservation',
        content: [
          textContent(
            edited.is_error
              ? `MEMORY.md was not changed: ${contentText(edited.content)}`
              : `The person accepted: ${lines} line${lines === 1 ? '' : 's'} added to MEMORY.md.`,
          ),
        ],
        is_error: edited.is_error,
      };
    },
  };
}

function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}
