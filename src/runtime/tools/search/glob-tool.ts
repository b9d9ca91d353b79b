import { z } from 'zod';
import { type GlobAction, type GlobObservation, textContent } from '../../events';
import { cutForModel } from '../cut-for-model';
import type { Tool, ToolContext } from '../tool';
import { defineToolArguments } from '../tool-arguments';
import { compilePathGlob, type PathGlob } from './path-glob';
import { MAX_WALKED_ENTRIES } from './search-contents';
import { walkConfinedTree } from './walk-confined-tree';
import { type SearchRoot, withSearchRoot } from './with-search-root';

const globArguments = defineToolArguments(
  'glob',
  z
    .strictObject({
      pattern: z
        .string()
        .min(1)
        .describe('The glob to match file paths against (e.g. "**/*.js", "src/**/*.ts", "*.{json,yaml}").'),
      path: z
        .string()
        .optional()
        .describe('The directory (absolute path) to search in. Defaults to the workspace.'),
    })
    .transform(
      (args): GlobAction => ({
        kind: 'GlobAction',
        pattern: args.pattern,
        ...(args.path === undefined ? {} : { path: args.path }),
      }),
    ),
);

const DESCRIPTION = `Find files by name or path pattern.
- Globs: "**/*.js" (any depth), "src/**/*.ts", "*.{ts,tsx}", "test_?.py", "[A-Z]*.md". A pattern without "/" matches file names at any depth.
- Searches the workspace, or the directory given as path (absolute); paths in the pattern are relative to it.
- Skips what ripgrep skips: .gitignore'd files and folders, hidden ones, .git. Links are not followed.
- Results are absolute paths in path order. Long answers keep their start and end; the full list is saved to a file named in the answer.
Read-only, and only inside the workspace (and saved tool outputs).`;

export function createGlobTool(): Tool<GlobAction> {
  return {
    name: 'glob',
    readOnly: true,
    spec: { name: 'glob', description: DESCRIPTION, parameters: globArguments.parameters },
    parseArguments: globArguments.parse,
    async execute(action, context) {
      const glob = compilePathGlob(action.pattern);
      if (glob === undefined) {
        const error = `The glob ${JSON.stringify(action.pattern)} is malformed (an unclosed [ or {, or a trailing \\).`;
        return observation(action, context, error, { is_error: true });
      }
      const listed = await withSearchRoot(action.path, context, 'glob', (root) =>
        matchFiles(glob, root, action, context.signal),
      );
      if (!listed.ok) return observation(action, context, listed.error, { is_error: true });
      const shown = await cutForModel(listed.value.text, context.observationsDir, 'glob');
      return observation(action, context, shown.text, {
        search_path: listed.value.searchPath,
        truncated: listed.value.truncated,
        ...(shown.fullOutputPath === undefined ? {} : { full_output_path: shown.fullOutputPath }),
      });
    },
  };
}

async function matchFiles(
  glob: PathGlob,
  root: SearchRoot,
  action: GlobAction,
  signal: AbortSignal,
): Promise<{ text: string; searchPath: string; truncated: boolean }> {
  if (root.directory === undefined)
    return {
      text: `${root.path} is a file, not a directory: give its folder as path.`,
      searchPath: root.path,
      truncated: false,
    };
  const files: string[] = [];
  const walked = await walkConfinedTree(
    root.directory,
    { ignore: root.ignore, ignoreBase: root.ignoreBase, maxEntries: MAX_WALKED_ENTRIES, signal },
    (entry) => {
      if (entry.kind === 'file' && glob.matches(entry.relativePath)) files.push(entry.path);
      return undefined;
    },
  );
  const label = JSON.stringify(action.pattern);
  const notes = walked.truncated
    ? ['[The search stopped at its limit before the end: narrow it with path or a stricter pattern.]']
    : [];
  const lines =
    files.length === 0
      ? [`No files match ${label} in ${root.path}.`]
      : [`${files.length} file(s) match ${label} in ${root.path}:`, ...files];
  return { text: [...lines, ...notes].join('\n'), searchPath: root.path, truncated: walked.truncated };
}

function observation(
  action: GlobAction,
  context: ToolContext,
  text: string,
  fields: Partial<GlobObservation>,
): GlobObservation {
  return {
    kind: 'GlobObservation',
    content: [textContent(text)],
    is_error: false,
    pattern: action.pattern,
    search_path: action.path ?? context.workspaceDir,
    truncated: false,
    ...fields,
  };
}
