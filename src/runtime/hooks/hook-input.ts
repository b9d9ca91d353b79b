import type { HookEventType } from '../events';

/**
 * What a hook reads on stdin, as JSON: upstream's HookEvent, field for field (absent fields are null,
 * as upstream writes them). `tool_input` is the action as recorded, `tool_response` the observation.
 */
export interface HookInput {
  event_type: HookEventType;
  tool_name: string | null;
  tool_input: Record<string, unknown> | null;
  tool_response: Record<string, unknown> | null;
  message: string | null;
  session_id: string | null;
  working_dir: string | null;
  metadata: Record<string, unknown>;
}

/** What the runtime knows when a hook event happens; the rest of HookInput comes from the conversation. */
export interface HookTrigger {
  event_type: HookEventType;
  tool_name?: string;
  tool_input?: Record<string, unknown>;
  tool_response?: Record<string, unknown>;
  message?: string;
  metadata?: Record<string, unknown>;
  /** Recorded on the HookExecutionEvent, not sent to the hook. */
  action_id?: string;
  message_id?: string;
}

export function hookInput(
  trigger: HookTrigger,
  conversation: { id: string; workspaceDir: string },
): HookInput {
  return {
    event_type: trigger.event_type,
    tool_name: trigger.tool_name ?? null,
    tool_input: trigger.tool_input ?? null,
    tool_response: trigger.tool_response ?? null,
    message: trigger.message ?? null,
    session_id: conversation.id,
    working_dir: conversation.workspaceDir,
    metadata: trigger.metadata ?? {},
  };
}
