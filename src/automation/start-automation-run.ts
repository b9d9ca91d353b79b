import type { AutomationRecord, RunRecord, RunTrigger } from './automation-record';
import type { AutomationStore } from './automation-store';
import { llmForRun } from './llm-for-run';
import { renderMessage } from './render-message';
import type { ModelEndpoint, RuntimeAnswer, RuntimeClient } from './runtime-client';

export interface RunDeps {
  store: AutomationStore;
  runtime: RuntimeClient;
  now(): Date;
  newId(): string;
  sleep(ms: number): Promise<void>;
  /** Waits between attempts while the runtime is unreachable; one attempt more than delays. */
  retryDelaysMs: readonly number[];
  /** Automations with a run being started right now, shared by every trigger of this process. */
  starting: Set<string>;
}

/** Statuses in which a run is still going: the next one must not start beside it. */
const GOING = new Set(['running', 'waiting_for_confirmation', 'queued']);
const GOING_WORDS: Record<string, string> = {
  running: 'running',
  waiting_for_confirmation: 'waiting for an approval',
  queued: 'waiting in the run queue',
};

/** Every conversation an automation starts carries this tag; the sidebar and run history find it by it. */
export function automationTag(automationId: string): string {
  return `automation:${automationId}`;
}

/**
 * Starts one run of an automation and resolves with its settled record. The run is stored (pending)
 * before anything is asked of the runtime, so a crash loses nothing; it ends `started` with its
 * conversation, `skipped` while the previous run still goes, or `failed` with the reason (the runtime
 * refused, or stayed unreachable through every retry). Never throws for those; rejects only when the
 * store does.
 */
export async function startAutomationRun(
  deps: RunDeps,
  automation: AutomationRecord,
  trigger: RunTrigger,
  options: { payload?: unknown; scheduledFor?: string } = {},
): Promise<RunRecord> {
  const run: RunRecord = {
    id: deps.newId(),
    automation_id: automation.id,
    trigger,
    status: 'pending',
    conversation_id: null,
    reason: null,
    created_at: deps.now().toISOString(),
    scheduled_for: options.scheduledFor ?? null,
    refused_calls: 0,
  };
  await deps.store.addRun(run);
  if (deps.starting.has(automation.id)) {
    return settle(deps, run, {
      status: 'skipped',
      reason: 'the previous run of this automation is still starting',
    });
  }
  deps.starting.add(automation.id);
  try {
    return await settle(deps, run, await attemptWithRetries(deps, automation, options.payload));
  } finally {
    deps.starting.delete(automation.id);
  }
}

type Outcome =
  | { status: 'started'; conversation_id: string }
  | { status: 'skipped' | 'failed'; reason: string };

async function attemptWithRetries(
  deps: RunDeps,
  automation: AutomationRecord,
  payload: unknown,
): Promise<Outcome> {
  // One id for every attempt: a create that reached the runtime before the answer was lost is found again.
  const conversationId = deps.newId();
  let reason = '';
  for (let attempt = 0; attempt <= deps.retryDelaysMs.length; attempt++) {
    if (attempt > 0) await deps.sleep(deps.retryDelaysMs[attempt - 1] ?? 0);
    const outcome = await attemptOnce(deps, automation, payload, conversationId);
    if (outcome.ok) return outcome.outcome;
    if (!outcome.unreachable) return { status: 'failed', reason: outcome.reason };
    reason = outcome.reason;
  }
  const attempts = deps.retryDelaysMs.length + 1;
  return { status: 'failed', reason: `${reason}; gave up after ${attempts} attempts` };
}

async function attemptOnce(
  deps: RunDeps,
  automation: AutomationRecord,
  payload: unknown,
  conversationId: string,
): Promise<{ ok: true; outcome: Outcome } | { ok: false; unreachable: boolean; reason: string }> {
  const previous = await deps.store.lastStartedRun(automation.id);
  if (previous?.conversation_id) {
    const status = await deps.runtime.conversationStatus(previous.conversation_id);
    if (!status.ok) return status;
    if (GOING.has(status.status)) {
      const reason = `the previous run (conversation ${previous.conversation_id}) is still ${GOING_WORDS[status.status]}`;
      return { ok: true, outcome: { status: 'skipped', reason } };
    }
  }
  let settings: ModelEndpoint | null = null;
  if (automation.llm) {
    const endpoint = await deps.runtime.settingsEndpoint();
    if (!endpoint.ok) return endpoint;
    settings = endpoint.endpoint;
  }
  const created: RuntimeAnswer<{ id: string }> = await deps.runtime.createConversation(
    conversationRequest(
      automation,
      conversationId,
      renderMessage(automation.message, payload ?? {}),
      settings,
    ),
  );
  if (!created.ok) return created;
  return { ok: true, outcome: { status: 'started', conversation_id: created.id } };
}

/** The runtime's create request: like a new conversation from the UI, tagged with its automation. */
function conversationRequest(
  automation: AutomationRecord,
  id: string,
  text: string,
  settings: ModelEndpoint | null,
): Record<string, unknown> {
  const llm = llmForRun(automation.llm, settings);
  return {
    conversation_id: id,
    workspace: { working_dir: automation.workspace },
    title: automation.name,
    tags: ['automation', automationTag(automation.id)],
    initial_message: { role: 'user', content: [{ type: 'text', text }], run: true },
    network_access: automation.network_access,
    // Absent: the runtime gives the run the settings' default automation budget.
    ...(automation.budget !== null ? { max_budget_per_automation_run: automation.budget } : {}),
    ...(llm ? { llm } : {}),
    ...(automation.confirmation_policy ? { confirmation_policy: automation.confirmation_policy } : {}),
  };
}

async function settle(deps: RunDeps, run: RunRecord, outcome: Outcome): Promise<RunRecord> {
  const settled: RunRecord =
    outcome.status === 'started'
      ? { ...run, status: 'started', conversation_id: outcome.conversation_id }
      : { ...run, status: outcome.status, reason: outcome.reason };
  await deps.store.settleRun(run.id, settled);
  return settled;
}
