/** Names models use for our tools, learned from other agents' tool sets. */
const TERMINAL_ALIASES = new Set(['bash', 'execute_bash', 'shell', 'run_command', 'execute_command']);
const FILE_EDITOR_ALIASES = new Set([
  'str_replace_editor',
  'str_replace',
  'view',
  'create',
  'insert',
  'undo_edit',
  'edit_file',
]);
/** An alias that names the command itself. */
const COMMAND_ALIASES = new Set(['str_replace', 'view', 'create', 'insert', 'undo_edit']);

export interface ResolvedToolCall {
  toolName: string;
  args: Record<string, unknown>;
}

/**
 * Maps a tool name the model used to one that exists, and fills in a file_editor command the model
 * left out (inferred from which arguments it gave). Names that exist are kept; unknown names pass
 * through unchanged so the caller can report them.
 */
export function resolveToolAlias(
  name: string,
  args: Record<string, unknown>,
  available: ReadonlySet<string>,
): ResolvedToolCall {
  let toolName = name;
  if (!available.has(name)) {
    if (TERMINAL_ALIASES.has(name) && available.has('terminal')) toolName = 'terminal';
    else if (FILE_EDITOR_ALIASES.has(name) && available.has('file_editor')) toolName = 'file_editor';
  }
  if (toolName !== 'file_editor' || typeof args.command === 'string') return { toolName, args };
  const command = COMMAND_ALIASES.has(name) ? name : inferFileEditorCommand(args);
  return { toolName, args: { command, ...args } };
}

function inferFileEditorCommand(args: Record<string, unknown>): string {
  if (args.old_str !== undefined) return 'str_replace';
  if (args.insert_line !== undefined) return 'insert';
  if (args.file_text !== undefined) return 'create';
  return 'view';
}
