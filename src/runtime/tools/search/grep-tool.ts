import { z } from 'zod';
import { type GrepAction, type GrepObservation, textContent } from '../../events';
import { cutForModel } from '../cut-for-model';
import type { Tool, ToolContext } from '../tool';
import { defineToolArguments } from '../tool-arguments';
import { compileLinearRegExp } from './linear-reg-exp';
import { searchContents } from './search-contents';
import { compileSearchFilters } from './search-filters';
import { withSearchRoot } from './with-search-root';

const grepArguments = defineToolArguments(
  'grep',
  z
    .strictObject({
      pattern: z
        .string()
        .min(1)
        .describe(
          'The regular expression to search for in file contents (ripgrep syntax, e.g. "log.*Error", "function\\s+\\w+").',
        ),
      path: z
        .string()
        .optional()
        .describe('The directory or file (absolute path) to search in. Defaults to the workspace.'),
      include: z
        .string()
        .optional()
        .describe(
          'Only search files whose name or path matches this glob (e.g. "*.js", "*.{ts,tsx}", "src/**/*.py").',
        ),
      exclude: z
        .string()
        .optional()
        .describe('Skip files and folders matching this glob (e.g. "*.min.js", "vendor").'),
      case_insensitive: z.boolean().optional().describe('Match letters in either case (default false).'),
      context_lines: z
        .number()
        .int()
        .min(0)
        .max(20)
        .optional()
        .describe('Lines shown before and after each match in content mode (default 0).'),
      output_mode: z
        .enum(['files_with_matches', 'content'])
        .optional()
        .describe(
          'files_with_matches (default): the paths of matching files. content: each matching line as path:line:text.',
        ),
    })
    .transform(
      (args): GrepAction => ({
        kind: 'GrepAction',
        pattern: args.pattern,
        ...(args.path === undefined ? {} : { path: args.path }),
        ...(args.include === undefined ? {} : { include: args.include }),
        ...(args.exclude === undefined ? {} : { exclude: args.exclude }),
        case_insensitive: args.case_insensitive ?? false,
        context_lines: args.context_lines ?? 0,
        output_mode: args.output_mode ?? 'files_with_matches',
      }),
    ),
);

const DESCRIPTION = `Search file contents with a regular expression (ripgrep syntax; no backreferences or lookaround).
- Searches the workspace, or the directory or file given as path (absolute).
- Skips what ripgrep skips: files and folders listed in .gitignore, hidden ones, .git, binary files and files over 8 MB. Links are listed, never followed.
- include/exclude filter by glob ("*.ts", "*.{ts,tsx}", "src/**/*.py").
- output_mode files_with_matches (default) lists matching files; content shows path:line:text with context_lines around each match.
- Results come in path order. Long answers keep their start and end; the full text is saved to a file named in the answer.
Read-only, and only inside the workspace (and saved tool outputs).`;

export function createGrepTool(): Tool<GrepAction> {
  return {
    name: 'grep',
    readOnly: true,
    spec: { name: 'grep', description: DESCRIPTION, parameters: grepArguments.parameters },
    parseArguments: grepArguments.parse,
    async execute(action, context) {
      const compiled = compileLinearRegExp(action.pattern, action.case_insensitive);
      if (!compiled.ok) return observation(action, context, compiled.error, { is_error: true });
      const filters = compileSearchFilters(action.include, action.exclude);
      if (!filters.ok) return observation(action, context, filters.error, { is_error: true });
      const search = {
        expression: compiled.expression,
        filters: filters.filters,
        contextLines: action.context_lines,
        filesOnly: action.output_mode === 'files_with_matches',
        patternLabel: JSON.stringify(action.pattern),
      };
      const searched = await withSearchRoot(action.path, context, 'grep', (root) =>
        searchContents(search, root, context.signal),
      );
      if (!searched.ok) return observation(action, context, searched.error, { is_error: true });
      const shown = await cutForModel(searched.value.text, context.observationsDir, 'grep');
      return observation(action, context, shown.text, {
        search_path: searched.value.searchPath,
        truncated: searched.value.truncated,
        ...(shown.fullOutputPath === undefined ? {} : { full_output_path: shown.fullOutputPath }),
      });
    },
  };
}

function observation(
  action: GrepAction,
  context: ToolContext,
  text: string,
  fields: Partial<GrepObservation>,
): GrepObservation {
  return {
    kind: 'GrepObservation',
    content: [textContent(text)],
    is_error: false,
    pattern: action.pattern,
    search_path: action.path ?? context.workspaceDir,
    truncated: false,
    ...fields,
  };
}
