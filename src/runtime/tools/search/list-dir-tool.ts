import { z } from 'zod';
import { type ListDirAction, type ListDirObservation, textContent } from '../../events';
import { cutForModel } from '../cut-for-model';
import type { Tool, ToolContext } from '../tool';
import { defineToolArguments } from '../tool-arguments';
import { walkConfinedTree } from './walk-confined-tree';
import { type SearchRoot, withSearchRoot } from './with-search-root';

/** Entries listed before the listing stops and says so. */
const MAX_LISTED_ENTRIES = 5_000;
/** Folders whose contents are noise for the model: listed, never descended into. */
const NOT_DESCENDED = new Set(['.git', 'node_modules']);

const listDirArguments = defineToolArguments(
  'list_dir',
  z
    .strictObject({
      path: z
        .string()
        .optional()
        .describe('The directory (absolute path) to list. Defaults to the workspace.'),
      depth: z
        .number()
        .int()
        .min(1)
        .max(5)
        .optional()
        .describe('How many levels to list (default 1: the directory itself).'),
    })
    .transform(
      (args): ListDirAction => ({
        kind: 'ListDirAction',
        ...(args.path === undefined ? {} : { path: args.path }),
        depth: args.depth ?? 1,
      }),
    ),
);

const DESCRIPTION = `List a directory: every entry, hidden ones included, folders ending in "/", symbolic links in "@" (never followed).
- depth lists subfolders too (up to 5 levels), indented; .git and node_modules are listed but not opened.
- Defaults to the workspace. Read-only, and only inside the workspace (and saved tool outputs).`;

export function createListDirTool(): Tool<ListDirAction> {
  return {
    name: 'list_dir',
    readOnly: true,
    spec: { name: 'list_dir', description: DESCRIPTION, parameters: listDirArguments.parameters },
    parseArguments: listDirArguments.parse,
    async execute(action, context) {
      const listed = await withSearchRoot(action.path, context, 'list_dir', (root) =>
        listTree(root, action.depth, context.signal),
      );
      if (!listed.ok) return observation(action, context, listed.error, { is_error: true });
      const shown = await cutForModel(listed.value.text, context.observationsDir, 'list_dir');
      return observation(action, context, shown.text, {
        search_path: listed.value.searchPath,
        truncated: listed.value.truncated,
        ...(shown.fullOutputPath === undefined ? {} : { full_output_path: shown.fullOutputPath }),
      });
    },
  };
}

async function listTree(
  root: SearchRoot,
  depth: number,
  signal: AbortSignal,
): Promise<{ text: string; searchPath: string; truncated: boolean }> {
  if (root.directory === undefined)
    return { text: `${root.path} is a file, not a directory.`, searchPath: root.path, truncated: false };
  const lines: string[] = [];
  const walked = await walkConfinedTree(
    root.directory,
    {
      ignore: undefined,
      ignoreBase: '',
      maxDepth: depth,
      maxEntries: MAX_LISTED_ENTRIES,
      signal,
      hidden: true,
    },
    (entry) => {
      const mark = entry.kind === 'directory' ? '/' : entry.kind === 'link' ? '@' : '';
      lines.push(`${'  '.repeat(entry.depth - 1)}${entry.name}${mark}`);
      return NOT_DESCENDED.has(entry.name) ? 'skip' : undefined;
    },
  );
  const header = `${root.path}/`;
  const notes = walked.truncated
    ? [`[Listing stopped at ${MAX_LISTED_ENTRIES} entries: list a subfolder or a smaller depth.]`]
    : [];
  const body = lines.length === 0 ? ['(empty)'] : lines;
  return { text: [header, ...body, ...notes].join('\n'), searchPath: root.path, truncated: walked.truncated };
}

function observation(
  action: ListDirAction,
  context: ToolContext,
  text: string,
  fields: Partial<ListDirObservation>,
): ListDirObservation {
  return {
    kind: 'ListDirObservation',
    content: [textContent(text)],
    is_error: false,
    search_path: action.path ?? context.workspaceDir,
    truncated: false,
    ...fields,
  };
}
