import { pendingActions } from '../../event-facts';
import type { ActionEvent, Event, ExecutionStatus } from '../events';
import { nextStatus } from './status-machine';
import type { EventStore } from '../store/event-store';

export const RESTART_INTERRUPTED_ERROR =
  'A restart of the runtime interrupted this action; it may not have finished. Check its effects before running it again.';

/**
 * On service start: a conversation left `running` (or waiting on a batch that was half executed when
 * the process died) cannot be resumed blindly. It becomes `error`, and the action that was probably
 * in flight (the first pending one) gets an AgentErrorEvent. Returns the ids it changed.
 */
export async function recoverInterruptedRuns(
  store: EventStore,
  ports: { newId(): string; now(): string },
): Promise<string[]> {
  const candidates = [
    ...(await idsWithStatus(store, 'running')),
    ...(await idsWithStatus(store, 'waiting_for_confirmation')),
  ];
  const recovered: string[] = [];
  for (const id of candidates) if (await recoverInterruptedRun(store, id, ports)) recovered.push(id);
  return recovered;
}

/**
 * One conversation as recoverInterruptedRuns treats each: when its stored status says a run was going
 * (which no process runs any more), it becomes `error` with the reason. Answers whether it changed.
 */
export async function recoverInterruptedRun(
  store: EventStore,
  id: string,
  ports: { newId(): string; now(): string },
): Promise<boolean> {
  const record = await store.getConversation(id);
  if (!record) return false;
  if (record.execution_status !== 'running' && record.execution_status !== 'waiting_for_confirmation')
    return false;
  const branch = await store.activeBranch(id);
  const pending = pendingActions(branch);
  if (record.execution_status === 'waiting_for_confirmation' && !isHalfExecuted(branch, pending))
    return false;
  const stamp = () => ({ id: ports.newId(), timestamp: ports.now() });
  const first = pending[0];
  if (first) {
    await store.append(id, {
      kind: 'AgentErrorEvent',
      ...stamp(),
      source: 'environment',
      tool_name: first.tool_name,
      tool_call_id: first.tool_call_id,
      error: RESTART_INTERRUPTED_ERROR,
    });
  }
  await store.append(id, {
    kind: 'ConversationErrorEvent',
    ...stamp(),
    source: 'environment',
    code: 'RuntimeRestarted',
    detail:
      'The runtime restarted while this conversation was running. Check the last steps, then run again to continue.',
  });
  const status = nextStatus(record.execution_status, { kind: 'run_failed' });
  await store.updateConversation(id, { execution_status: status });
  await store.append(id, {
    kind: 'ConversationStateUpdateEvent',
    ...stamp(),
    source: 'environment',
    key: 'execution_status',
    value: status,
  });
  return true;
}

async function idsWithStatus(store: EventStore, status: ExecutionStatus): Promise<string[]> {
  const ids: string[] = [];
  let pageId: string | undefined;
  do {
    const page = await store.listConversations({
      status,
      limit: 100,
      sort: 'CREATED_AT',
      ...(pageId ? { page_id: pageId } : {}),
    });
    ids.push(...page.items.map((item) => item.id));
    pageId = page.next_page_id ?? undefined;
  } while (pageId);
  return ids;
}

/** An action of a pending action's batch already has an observation: execution had begun. */
function isHalfExecuted(branch: readonly Event[], pending: readonly ActionEvent[]): boolean {
  const batches = new Set(pending.map((action) => action.llm_response_id));
  const observed = new Set(
    branch.flatMap((event) => (event.kind === 'ObservationEvent' ? [event.action_id] : [])),
  );
  return branch.some(
    (event) => event.kind === 'ActionEvent' && batches.has(event.llm_response_id) && observed.has(event.id),
  );
}
