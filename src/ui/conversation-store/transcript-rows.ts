import type {
  ActionEvent,
  AgentErrorEvent,
  BudgetEvent,
  ConversationErrorEvent,
  Event,
  ExecutionStatus,
  FilesRestoredEvent,
  HookExecutionEvent,
  MessageEvent,
  ObservationEvent,
  UserRejectObservation,
} from '../api/wire-types';
import type { OptimisticMessage, StreamingItem } from './conversation-view-state';
import { finishingAfterPause } from './finishing-after-pause';
import { waitingForInput } from './waiting-for-input';
import { type ActionOutcome as RuleOutcome, actionOutcomes, isAnswered } from '../../event-facts';

/** What became of one action of the UI's events (see actionOutcomes). */
export type ActionOutcome = RuleOutcome<Event>;

/** Where an action stands, as its card shows it. */
export type ActionPhase = 'running' | 'awaiting-approval' | 'done' | 'failed' | 'rejected' | 'not-run';

export type TranscriptRow =
  | {
      type: 'message';
      key: string;
      event: MessageEvent;
      speaker: 'user' | 'agent' | 'environment';
      grouped: boolean;
    }
  | { type: 'thought'; key: string; event: ActionEvent; grouped: boolean }
  | { type: 'action'; key: string; event: ActionEvent; outcome: ActionOutcome; phase: ActionPhase }
  | { type: 'orphan'; key: string; event: ObservationEvent | UserRejectObservation | AgentErrorEvent }
  | { type: 'conversation-error'; key: string; event: ConversationErrorEvent }
  | { type: 'marker'; key: string; event: Event; label: string }
  | { type: 'files-restored'; key: string; event: FilesRestoredEvent }
  | { type: 'budget'; key: string; event: BudgetEvent }
  | { type: 'hook'; key: string; event: HookExecutionEvent }
  | { type: 'streaming'; key: string; item: StreamingItem; grouped: boolean }
  | { type: 'optimistic'; key: string; message: OptimisticMessage };

export interface TranscriptInput {
  /** The active branch (ConversationViewState.branch): other branches are not mixed in. */
  events: readonly Event[];
  /** Events after which an abandoned branch continues: a note says so there. */
  branchPoints?: ReadonlySet<string>;
  streaming: readonly StreamingItem[];
  optimistic: readonly OptimisticMessage[];
  status: ExecutionStatus | undefined;
}

/**
 * The rows of the transcript, in order: one per visible event, answers folded into their action's
 * card, streaming text after its anchor, unconfirmed messages last. Bookkeeping events (system
 * prompt, state updates, condensation requests) are not shown. Keys are stable across updates so
 * the virtual list keeps its measurements.
 */
export function transcriptRows({
  events,
  branchPoints,
  streaming,
  optimistic,
  status,
}: TranscriptInput): TranscriptRow[] {
  const { outcomes, orphans } = actionOutcomes(events);
  // A step that was in flight when Pause was pressed still runs to its end: show it running.
  const stepStatus = finishingAfterPause(events, status) ? 'running' : status;
  const rows: TranscriptRow[] = [];
  const pendingStreams = [...streaming].sort((a, b) => a.anchorSeq - b.anchorSeq);

  for (const event of events) {
    for (const item of takeStreamsAnchoredBefore(pendingStreams, event.seq)) rows.push(streamingRow(item));
    rows.push(...rowsForEvent(event, outcomes, orphans, stepStatus));
    if (branchPoints?.has(event.id)) rows.push(branchPointRow(event));
  }
  for (const item of pendingStreams) rows.push(streamingRow(item));
  for (const message of optimistic)
    rows.push({ type: 'optimistic', key: `optimistic:${message.clientMessageId}`, message });
  return groupAgentTurns(rows);
}

/**
 * Marks agent text that continues the agent's turn (after its own text or actions), so it is shown
 * without repeating the avatar and name; a user message, a divider or an error starts a new turn.
 */
function groupAgentTurns(rows: TranscriptRow[]): TranscriptRow[] {
  let agentTurn = false;
  return rows.map((row) => {
    switch (row.type) {
      case 'message': {
        const grouped = row.speaker === 'agent' && agentTurn;
        agentTurn = row.speaker === 'agent';
        return grouped ? { ...row, grouped } : row;
      }
      case 'thought':
      case 'streaming': {
        const grouped = agentTurn;
        agentTurn = true;
        return grouped ? { ...row, grouped } : row;
      }
      case 'action':
        agentTurn = true;
        return row;
      default:
        agentTurn = false;
        return row;
    }
  });
}

function rowsForEvent(
  event: Event,
  outcomes: Map<string, ActionOutcome>,
  orphans: Set<string>,
  status: ExecutionStatus | undefined,
): TranscriptRow[] {
  switch (event.kind) {
    case 'MessageEvent':
      return [{ type: 'message', key: event.id, event, speaker: speakerOf(event), grouped: false }];
    case 'ActionEvent': {
      const outcome = outcomes.get(event.id) ?? { errors: [], decisions: [] };
      const action: TranscriptRow = {
        type: 'action',
        key: event.id,
        event,
        outcome,
        phase: phaseOf(event, outcome, status),
      };
      return hasThought(event)
        ? [{ type: 'thought', key: `thought:${event.id}`, event, grouped: false }, action]
        : [action];
    }
    case 'ObservationEvent':
    case 'UserRejectObservation':
    case 'AgentErrorEvent':
      return orphans.has(event.id) ? [{ type: 'orphan', key: event.id, event }] : [];
    case 'ConversationErrorEvent':
      return [{ type: 'conversation-error', key: event.id, event }];
    case 'PauseEvent':
      return [{ type: 'marker', key: event.id, event, label: 'Paused' }];
    case 'InterruptEvent':
      return [{ type: 'marker', key: event.id, event, label: 'Stopped' }];
    case 'Condensation':
      return [
        { type: 'marker', key: event.id, event, label: 'Earlier context was summarized for the model' },
      ];
    case 'FilesRestoredEvent':
      return [{ type: 'files-restored', key: event.id, event }];
    case 'BudgetEvent':
      return [{ type: 'budget', key: event.id, event }];
    case 'TerminalCommandEvent':
      return [{ type: 'marker', key: event.id, event, label: `You ran in the terminal: ${event.command}` }];
    case 'HookExecutionEvent':
      return [{ type: 'hook', key: event.id, event }];
    default:
      return [];
  }
}

/** The note where the person navigated back and went on differently; the earlier branch is kept. */
function branchPointRow(event: Event): TranscriptRow {
  return { type: 'marker', key: `branch-point:${event.id}`, event, label: EARLIER_BRANCH_LABEL };
}

export const EARLIER_BRANCH_LABEL = 'An earlier branch of this conversation was left here';

function speakerOf(event: MessageEvent): 'user' | 'agent' | 'environment' {
  if (event.source === 'agent') return 'agent';
  return event.source === 'user' ? 'user' : 'environment';
}

function hasThought(event: ActionEvent): boolean {
  return (
    (event.thought ?? []).some((block) => block.text.trim() !== '') ||
    Boolean(event.reasoning_content?.trim())
  );
}

function phaseOf(
  event: ActionEvent,
  outcome: ActionOutcome,
  status: ExecutionStatus | undefined,
): ActionPhase {
  if (outcome.rejection) return 'rejected';
  if (outcome.observation) return succeeded(outcome.observation) ? 'done' : 'failed';
  if (isAnswered(outcome)) return 'failed';
  if (event.action === null || event.action === undefined) return 'failed';
  if (status === 'waiting_for_confirmation') return 'awaiting-approval';
  if (status === 'running') return 'running';
  return 'not-run';
}

function takeStreamsAnchoredBefore(pending: StreamingItem[], seq: number): StreamingItem[] {
  const taken: StreamingItem[] = [];
  while (pending[0] && pending[0].anchorSeq < seq) {
    const item = pending.shift();
    if (item) taken.push(item);
  }
  return taken;
}

function streamingRow(item: StreamingItem): TranscriptRow {
  return { type: 'streaming', key: `streaming:${item.itemId}`, item, grouped: false };
}

/** A command that exited non-zero (or did not finish) failed, even though the tool itself worked. */
function succeeded(event: ObservationEvent): boolean {
  const { observation } = event;
  if (observation.is_error) return false;
  if (waitingForInput(observation)) return true;
  return observation.kind !== 'TerminalObservation' || observation.exit_code === 0;
}
