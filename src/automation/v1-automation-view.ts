import type { RunRecord } from './automation-record';
import type { LLMChoice } from './automation-schemas';
import type { AutomationView } from './automation-view';

/**
 * The openhands-automation v1 face of our automations and runs (what the Agent Canvas reads), built
 * from the same records our own routes answer: `prompt` is our `message`, `model` our `llm`, `trigger`
 * our schedule. Pure.
 */

/** upstream's run statuses, which the Canvas colours and counts. */
export type V1RunStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'SKIPPED';

export interface V1Trigger {
  /** `cron` with a schedule; `manual` (ours, not upstream's) without: the automation runs when dispatched or called. */
  type: 'cron' | 'manual';
  schedule?: string;
  timezone?: string;
  schedule_human: string;
}

export interface V1Automation {
  id: string;
  name: string;
  prompt: string;
  model: string | null;
  trigger: V1Trigger;
  timezone: string | null;
  enabled: boolean;
  created_at: string;
  updated_at: string;
  last_triggered_at: string | null;
  next_run_at: string | null;
  workspace: string;
}

export interface V1Run {
  id: string;
  automation_id: string;
  status: V1RunStatus;
  conversation_id: string | null;
  bash_command_id: null;
  error_detail: string | null;
  phase_code: null;
  phase_label: null;
  phase_updated_at: null;
  started_at: string;
  completed_at: null;
  trigger: RunRecord['trigger'];
}

export function toV1Automation(view: AutomationView): V1Automation {
  return {
    id: view.id,
    name: view.name,
    prompt: view.message,
    model: view.llm ? modelName(view.llm) : null,
    trigger: view.schedule
      ? {
          type: 'cron',
          schedule: view.schedule.cron,
          timezone: view.schedule.timezone,
          schedule_human: view.schedule_description ?? view.schedule.cron,
        }
      : { type: 'manual', schedule_human: view.webhook ? 'when run or called by its webhook' : 'when run' },
    timezone: view.schedule?.timezone ?? null,
    enabled: view.enabled,
    created_at: view.created_at,
    updated_at: view.updated_at,
    last_triggered_at: view.last_run?.created_at ?? null,
    next_run_at: view.next_run_at,
    workspace: view.workspace,
  };
}

/**
 * A run in upstream's shape. A started run's status is its conversation's, read from the runtime
 * (`conversationStatus`: undefined when the runtime could not be asked, `gone` when it was deleted).
 */
export function toV1Run(run: RunRecord, conversationStatus: string | undefined): V1Run {
  return {
    id: run.id,
    automation_id: run.automation_id,
    status: v1Status(run, conversationStatus),
    conversation_id: run.conversation_id,
    bash_command_id: null,
    error_detail: run.status === 'started' ? null : run.reason,
    phase_code: null,
    phase_label: null,
    phase_updated_at: null,
    started_at: run.created_at,
    completed_at: null,
    trigger: run.trigger,
  };
}

function v1Status(run: RunRecord, conversationStatus: string | undefined): V1RunStatus {
  if (run.status === 'pending') return 'PENDING';
  if (run.status === 'failed') return 'FAILED';
  if (run.status !== 'started') return 'SKIPPED';
  switch (conversationStatus) {
    case 'idle':
    case 'finished':
    case 'gone':
      return 'COMPLETED';
    case 'paused':
      return 'CANCELLED';
    case 'error':
    case 'stuck':
      return 'FAILED';
    default:
      // running, waiting for an approval, or a runtime that could not be asked: still going for all we know.
      return 'RUNNING';
  }
}

/** `anthropic/…` and `openai/…` name their provider (LiteLLM naming); other names are the settings' endpoint's. */
export function modelName(llm: LLMChoice): string {
  return llm.provider === 'openai-compatible' ? llm.model : `${llm.provider}/${llm.model}`;
}

export function modelChoice(name: string): LLMChoice {
  for (const provider of ['anthropic', 'openai'] as const) {
    if (name.startsWith(`${provider}/`)) return { provider, model: name.slice(provider.length + 1) };
  }
  return { provider: 'openai-compatible', model: name };
}
