import { z } from 'zod';

/** What the model asked a tool to do, after parsing and validation. Each kind belongs to one tool. */

export const TerminalActionSchema = z.strictObject({
  kind: z.literal('TerminalAction'),
  command: z.string(),
  is_input: z.boolean().default(false),
  /** Hard limit in seconds; absent means the tool's default. */
  timeout: z.number().positive().optional(),
  reset: z.boolean().default(false),
});

export const FileEditorCommandSchema = z.enum(['view', 'create', 'str_replace', 'insert', 'undo_edit']);

export const FileEditorActionSchema = z.strictObject({
  kind: z.literal('FileEditorAction'),
  command: FileEditorCommandSchema,
  path: z.string(),
  file_text: z.string().optional(),
  old_str: z.string().optional(),
  new_str: z.string().optional(),
  insert_line: z.number().int().nonnegative().optional(),
  view_range: z.tuple([z.number().int(), z.number().int()]).optional(),
});

/** Searches file contents under a directory (ripgrep's rules: .gitignore respected, hidden files skipped). */
export const GrepActionSchema = z.strictObject({
  kind: z.literal('GrepAction'),
  pattern: z.string(),
  /** Absolute directory or file; absent: the workspace. */
  path: z.string().optional(),
  include: z.string().optional(),
  exclude: z.string().optional(),
  case_insensitive: z.boolean().default(false),
  context_lines: z.number().int().nonnegative().default(0),
  output_mode: z.enum(['content', 'files_with_matches']).default('content'),
});

/** Lists files whose path below `path` matches a glob. */
export const GlobActionSchema = z.strictObject({
  kind: z.literal('GlobAction'),
  pattern: z.string(),
  path: z.string().optional(),
});

/** Lists one directory (and optionally deeper levels), links shown, never followed. */
export const ListDirActionSchema = z.strictObject({
  kind: z.literal('ListDirAction'),
  path: z.string().optional(),
  depth: z.number().int().positive().default(1),
});

/** Several file changes in one all-or-nothing call, in the `*** Begin Patch` format or a unified diff. */
export const ApplyPatchActionSchema = z.strictObject({
  kind: z.literal('ApplyPatchAction'),
  patch: z.string(),
});

/**
 * Lines the agent proposes to append to the workspace's MEMORY.md (memory on for that workspace):
 * always the person's to accept, whatever the policy or rules say; only accepted text is written.
 */
export const MemoryProposeActionSchema = z.strictObject({
  kind: z.literal('MemoryProposeAction'),
  addition: z.string(),
});

export const TaskStatusSchema = z.enum(['todo', 'in_progress', 'done']);

export const TaskItemSchema = z.strictObject({
  title: z.string(),
  notes: z.string().optional(),
  status: TaskStatusSchema,
});

export const TaskTrackerActionSchema = z.strictObject({
  kind: z.literal('TaskTrackerAction'),
  command: z.enum(['view', 'plan']),
  task_list: z.array(TaskItemSchema).default([]),
});

export const ThinkActionSchema = z.strictObject({
  kind: z.literal('ThinkAction'),
  thought: z.string(),
});

export const FinishActionSchema = z.strictObject({
  kind: z.literal('FinishAction'),
  message: z.string(),
});

/** Loads a skill's instructions (a SKILL.md in the workspace or the user's data dir) by name. */
export const InvokeSkillActionSchema = z.strictObject({
  kind: z.literal('InvokeSkillAction'),
  name: z.string(),
});

/**
 * A call to a tool of an MCP server (upstream's name). `annotations` records what the server declared
 * about the tool when it was called (its risk comes from them); absent when it declared nothing.
 */
export const MCPToolActionSchema = z.strictObject({
  kind: z.literal('MCPToolAction'),
  /** The server's name in the settings or the conversation's mcp_config. */
  server: z.string(),
  /** The tool's own name on that server (the model sees `<server>__<tool>`). */
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  annotations: z
    .strictObject({ read_only: z.boolean().optional(), destructive: z.boolean().optional() })
    .optional(),
});

/**
 * A call to a tool the front end declared (upstream's `client_tools`): nothing runs here, the call is
 * handed to the client over the event socket (upstream names the action kind `ClientAction_<tool>`).
 */
export const ClientToolActionSchema = z.strictObject({
  kind: z.literal('ClientToolAction'),
  /** The client tool's name, as declared and as the model called it. */
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});

/**
 * Upstream's `task` tool: a self-contained job handed to a sub-agent, a child conversation with only
 * `prompt` as its context. `tools` (ours) narrows the child's tools to a subset of the parent's.
 */
export const TaskActionSchema = z.strictObject({
  kind: z.literal('TaskAction'),
  /** A short (3-5 word) description, the child's title. */
  description: z.string().optional(),
  prompt: z.string(),
  subagent_type: z.string().default('general-purpose'),
  /** The child's tools by name; absent: the parent's own (without `task` past the depth cap). */
  tools: z.array(z.string()).optional(),
});

export const ActionSchema = z.discriminatedUnion('kind', [
  TerminalActionSchema,
  FileEditorActionSchema,
  GrepActionSchema,
  GlobActionSchema,
  ListDirActionSchema,
  ApplyPatchActionSchema,
  MemoryProposeActionSchema,
  TaskTrackerActionSchema,
  ThinkActionSchema,
  FinishActionSchema,
  InvokeSkillActionSchema,
  MCPToolActionSchema,
  ClientToolActionSchema,
  TaskActionSchema,
]);

export type TerminalAction = z.infer<typeof TerminalActionSchema>;
export type FileEditorAction = z.infer<typeof FileEditorActionSchema>;
export type FileEditorCommand = z.infer<typeof FileEditorCommandSchema>;
export type GrepAction = z.infer<typeof GrepActionSchema>;
export type GlobAction = z.infer<typeof GlobActionSchema>;
export type ListDirAction = z.infer<typeof ListDirActionSchema>;
export type ApplyPatchAction = z.infer<typeof ApplyPatchActionSchema>;
export type MemoryProposeAction = z.infer<typeof MemoryProposeActionSchema>;
export type TaskItem = z.infer<typeof TaskItemSchema>;
export type TaskTrackerAction = z.infer<typeof TaskTrackerActionSchema>;
export type ThinkAction = z.infer<typeof ThinkActionSchema>;
export type FinishAction = z.infer<typeof FinishActionSchema>;
export type InvokeSkillAction = z.infer<typeof InvokeSkillActionSchema>;
export type MCPToolAction = z.infer<typeof MCPToolActionSchema>;
export type ClientToolAction = z.infer<typeof ClientToolActionSchema>;
export type TaskAction = z.infer<typeof TaskActionSchema>;
export type Action = z.infer<typeof ActionSchema>;
