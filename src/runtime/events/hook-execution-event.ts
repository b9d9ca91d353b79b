import { z } from 'zod';
import { HookEventTypeSchema } from './hook-config';

/** What one hook run decided, as the runtime acted on it. */
export const HookDecisionSchema = z.enum(['allow', 'deny', 'ask']);
export type HookDecision = z.infer<typeof HookDecisionSchema>;

/**
 * The fields of one hook run (upstream's HookExecutionEvent, plus ours: `matcher`, `duration_ms`,
 * `decision`, `timed_out`, `hook_name`). A record for people: the model never reads it, only the
 * notes a hook adds (an environment message) and a denial (a UserRejectObservation). Output is cut
 * to a bound and masked like every event before it is stored.
 */
export const hookExecutionFields = {
  hook_event_type: HookEventTypeSchema,
  /** The command as configured. */
  hook_command: z.string(),
  hook_name: z.string().optional(),
  /** The matcher that selected it. */
  matcher: z.string(),
  /** PreToolUse and PostToolUse: the tool the call was for. */
  tool_name: z.string().optional(),
  /** Exit code 0, not killed. */
  success: z.boolean(),
  /** It blocked what it ran for (exit code 2, `decision: deny`, `continue: false`). */
  blocked: z.boolean(),
  /** -1 when it was killed at its timeout or could not start. */
  exit_code: z.number().int(),
  timed_out: z.boolean().optional(),
  duration_ms: z.number().int().nonnegative(),
  decision: HookDecisionSchema.optional(),
  stdout: z.string(),
  stderr: z.string(),
  reason: z.string().optional(),
  additional_context: z.string().optional(),
  /** Why it failed (killed at its timeout, not started, unreadable output), for people. */
  error: z.string().optional(),
  action_id: z.string().optional(),
  message_id: z.string().optional(),
};
