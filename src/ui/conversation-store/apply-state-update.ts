import type {
  ConfirmationPolicy,
  ConversationInfo,
  ConversationStateUpdateEvent,
  ExecutionStatus,
  Stats,
} from '../api/wire-types';

/** Every execution status, as a value; typed so that a new status in the schema fails to compile here. */
const EXECUTION_STATUSES: Record<ExecutionStatus, true> = {
  idle: true,
  running: true,
  paused: true,
  waiting_for_confirmation: true,
  finished: true,
  error: true,
  stuck: true,
};

/**
 * The conversation info after one durable state update. Unknown keys and values of an unexpected
 * shape leave the info unchanged: the UI must keep working against a newer runtime.
 */
export function applyStateUpdate(
  info: ConversationInfo,
  event: ConversationStateUpdateEvent,
): ConversationInfo {
  const { key, value } = event;
  // A run that began (or a pause, an end) has left the run queue; an idle conversation may still wait.
  if (key === 'execution_status' && isExecutionStatus(value))
    return { ...info, execution_status: value, ...(value === 'idle' ? {} : { run_queue: null }) };
  if (key === 'confirmation_policy' && isConfirmationPolicy(value))
    return { ...info, confirmation_policy: value };
  if (key === 'stats' && isStats(value)) return { ...info, stats: value };
  if (key === 'title' && typeof value === 'string') return { ...info, title: value };
  if (key === 'network_access' && typeof value === 'boolean') return { ...info, network_access: value };
  return info;
}

export function isExecutionStatus(value: unknown): value is ExecutionStatus {
  return typeof value === 'string' && Object.hasOwn(EXECUTION_STATUSES, value);
}

function isConfirmationPolicy(value: unknown): value is ConfirmationPolicy {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  const { kind } = value;
  return kind === 'NeverConfirm' || kind === 'AlwaysConfirm' || kind === 'ConfirmRisky';
}

function isStats(value: unknown): value is Stats {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.prompt_tokens === 'number' &&
    typeof record.completion_tokens === 'number' &&
    (typeof record.cost === 'number' || record.cost === null)
  );
}
