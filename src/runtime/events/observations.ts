import { z } from 'zod';
import { FileEditorCommandSchema, TaskItemSchema } from './actions';
import { ContentSchema } from './content';

/** What a tool returned. `content` is what the model reads; the other fields are for people and the UI. */

const observationBase = {
  content: z.array(ContentSchema),
  is_error: z.boolean().default(false),
};

export const TerminalObservationSchema = z.strictObject({
  kind: z.literal('TerminalObservation'),
  ...observationBase,
  command: z.string(),
  /** null when the command did not finish (timeout, no output for too long, interrupted). */
  exit_code: z.number().int().nullable(),
  timed_out: z.boolean().default(false),
  /**
   * Upstream's CmdOutputMetadata, only for a command that did not finish (`exit_code: -1`): the Agent
   * Canvas reads `metadata.exit_code` whenever `exit_code` is null, and fails without it.
   */
  metadata: z.strictObject({ exit_code: z.number().int() }).optional(),
  /** Working directory after the command, when known. */
  cwd: z.string().optional(),
  /** Where the full output was saved when it was cut for the model. */
  full_output_path: z.string().optional(),
  /**
   * The terminal's process and memory limits and what enforces them, on the first command of a
   * conversation's terminal: for people, shown beside the output, never in `content` (the model hears
   * of a limit when a command hits it).
   */
  limits: z.string().optional(),
});

export const FileEditorObservationSchema = z.strictObject({
  kind: z.literal('FileEditorObservation'),
  ...observationBase,
  command: FileEditorCommandSchema,
  path: z.string(),
  old_content: z.string().optional(),
  new_content: z.string().optional(),
});

/** What grep, glob and list_dir found; `content` holds the listing the model reads. */
const searchObservationFields = {
  ...observationBase,
  /** The directory or file searched, as the model named it (the workspace when it named none). */
  search_path: z.string(),
  /** More was found than shown: the walk or the listing stopped at its limit. */
  truncated: z.boolean().default(false),
  /** Where the full listing was saved when it was cut for the model. */
  full_output_path: z.string().optional(),
};

export const GrepObservationSchema = z.strictObject({
  kind: z.literal('GrepObservation'),
  ...searchObservationFields,
  pattern: z.string(),
});

export const GlobObservationSchema = z.strictObject({
  kind: z.literal('GlobObservation'),
  ...searchObservationFields,
  pattern: z.string(),
});

export const ListDirObservationSchema = z.strictObject({
  kind: z.literal('ListDirObservation'),
  ...searchObservationFields,
});

/** One file an apply_patch call changed, with both contents for the diff (absent when too large). */
export const PatchFileChangeSchema = z.strictObject({
  type: z.enum(['add', 'update', 'delete']),
  path: z.string(),
  /** Where an update moved the file. */
  move_path: z.string().optional(),
  old_content: z.string().optional(),
  new_content: z.string().optional(),
});

export const ApplyPatchObservationSchema = z.strictObject({
  kind: z.literal('ApplyPatchObservation'),
  ...observationBase,
  /** Every change made, in patch order; empty when the patch failed (then nothing changed). */
  changes: z.array(PatchFileChangeSchema).default([]),
});

export const TaskTrackerObservationSchema = z.strictObject({
  kind: z.literal('TaskTrackerObservation'),
  ...observationBase,
  command: z.enum(['view', 'plan']),
  task_list: z.array(TaskItemSchema),
});

export const ThinkObservationSchema = z.strictObject({
  kind: z.literal('ThinkObservation'),
  ...observationBase,
});

/** What an accepted memory proposal wrote (MEMORY.md's lines added), or why it could not. */
export const MemoryProposeObservationSchema = z.strictObject({
  kind: z.literal('MemoryProposeObservation'),
  ...observationBase,
});

export const FinishObservationSchema = z.strictObject({
  kind: z.literal('FinishObservation'),
  ...observationBase,
});

export const InvokeSkillObservationSchema = z.strictObject({
  kind: z.literal('InvokeSkillObservation'),
  ...observationBase,
  /** The skill loaded; absent when none had the name asked for. */
  skill_name: z.string().optional(),
});

/** What an MCP server's tool returned: its text and images, `is_error` when the call failed. */
export const MCPToolObservationSchema = z.strictObject({
  kind: z.literal('MCPToolObservation'),
  ...observationBase,
  server: z.string(),
  tool: z.string(),
  /** The call took longer than its timeout and was cancelled. */
  timed_out: z.boolean().default(false),
});

/**
 * Upstream's acknowledgment of a client tool call: the call went to the client over the event
 * socket; what the client does with it comes back, if at all, as a later user message.
 */
export const ClientToolObservationSchema = z.strictObject({
  kind: z.literal('ClientToolObservation'),
  ...observationBase,
  tool: z.string(),
});

/**
 * What a sub-agent ended with (upstream's TaskObservation): its final answer as `content`, or why it
 * ended without one (`is_error`). `task_id` is the child conversation's id ("" when none was made).
 */
export const TaskObservationSchema = z.strictObject({
  kind: z.literal('TaskObservation'),
  ...observationBase,
  task_id: z.string(),
  subagent: z.string(),
  /** `completed`, or how it ended otherwise: `paused`, `stopped`, `budget`, `error`, `stuck`, `refused`. */
  status: z.string(),
});

export const ObservationSchema = z.discriminatedUnion('kind', [
  TerminalObservationSchema,
  FileEditorObservationSchema,
  GrepObservationSchema,
  GlobObservationSchema,
  ListDirObservationSchema,
  ApplyPatchObservationSchema,
  TaskTrackerObservationSchema,
  ThinkObservationSchema,
  MemoryProposeObservationSchema,
  FinishObservationSchema,
  InvokeSkillObservationSchema,
  MCPToolObservationSchema,
  ClientToolObservationSchema,
  TaskObservationSchema,
]);

export type TerminalObservation = z.infer<typeof TerminalObservationSchema>;
export type FileEditorObservation = z.infer<typeof FileEditorObservationSchema>;
export type GrepObservation = z.infer<typeof GrepObservationSchema>;
export type GlobObservation = z.infer<typeof GlobObservationSchema>;
export type ListDirObservation = z.infer<typeof ListDirObservationSchema>;
export type PatchFileChange = z.infer<typeof PatchFileChangeSchema>;
export type ApplyPatchObservation = z.infer<typeof ApplyPatchObservationSchema>;
export type TaskTrackerObservation = z.infer<typeof TaskTrackerObservationSchema>;
export type ThinkObservation = z.infer<typeof ThinkObservationSchema>;
export type MemoryProposeObservation = z.infer<typeof MemoryProposeObservationSchema>;
export type FinishObservation = z.infer<typeof FinishObservationSchema>;
export type InvokeSkillObservation = z.infer<typeof InvokeSkillObservationSchema>;
export type MCPToolObservation = z.infer<typeof MCPToolObservationSchema>;
export type ClientToolObservation = z.infer<typeof ClientToolObservationSchema>;
export type TaskObservation = z.infer<typeof TaskObservationSchema>;
export type Observation = z.infer<typeof ObservationSchema>;
