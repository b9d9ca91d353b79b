import { z } from 'zod';

/** Ids as the agent server writes them: a UUID as 32 lowercase hex digits, no dashes. */
export const BashEventIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

/** A command started through the workspace API (`POST /api/bash/start_bash_command` or `execute_bash_command`). */
export const BashCommandSchema = z.object({
  kind: z.literal('BashCommand'),
  id: BashEventIdSchema,
  /** ISO 8601, UTC. */
  timestamp: z.string(),
  command: z.string(),
  /** The folder it ran in (the default workspace when the request named none). */
  cwd: z.string().nullable(),
  /** Seconds. */
  timeout: z.number().int(),
});

/**
 * Output of a command. This runtime writes one per command, when it ends (`order` 0): the exit code
 * (-1 when the timeout killed it) and what it printed, redacted and cut at the output cap.
 */
export const BashOutputSchema = z.object({
  kind: z.literal('BashOutput'),
  id: BashEventIdSchema,
  timestamp: z.string(),
  command_id: BashEventIdSchema,
  order: z.number().int(),
  /** null while the command runs (this runtime never stores such an event). */
  exit_code: z.number().int().nullable(),
  stdout: z.string().nullable(),
  stderr: z.string().nullable(),
});

/** Sent on the bash-events socket for a frame it could not act on; never stored. */
export const BashErrorSchema = z.object({
  kind: z.literal('BashError'),
  id: BashEventIdSchema,
  timestamp: z.string(),
  code: z.string(),
  detail: z.string(),
});

export const BashEventSchema = z.discriminatedUnion('kind', [BashCommandSchema, BashOutputSchema]);

export type BashCommand = z.infer<typeof BashCommandSchema>;
export type BashOutput = z.infer<typeof BashOutputSchema>;
export type BashError = z.infer<typeof BashErrorSchema>;
export type BashEvent = z.infer<typeof BashEventSchema>;
