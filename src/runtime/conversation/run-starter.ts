import { decideConfirmations } from '../agent/decide-confirmations';
import { executeActions } from '../agent/execute-actions';
import { rejectionOf } from '../agent/rejection-of';
import { pendingActions } from '../../event-facts';
import type { LLM } from '../llm/llm';
import { isUserMessage } from './branch-facts';
import type { ConversationLog } from './conversation-log';
import { failRunOnBug } from './fail-run-on-bug';
import type { LiveConversationPorts } from './live-conversation-ports';
import type { LoopState } from './loop-state';
import { agentContextForRun, loopControlForRun } from './run-context';
import { FencedRunError, newRun, type Run } from './run-fence';
import { applyOutcome, endWithError, runLoop } from './run-loop';
import { RUNTIME_ERRORS, RuntimeError } from '../errors/runtime-error';
import { switchableLLM } from './switchable-llm';

export const SUPERSEDED_REASON = 'The person sent a new message instead of answering the confirmation.';

/**
 * How a live conversation starts its runs and acts on what arrived while a task went (see endTask).
 * Throws conversation_already_running from `start` when a task or an interrupt holds the loop.
 */
export function createRunStarter(log: ConversationLog, ports: LiveConversationPorts, state: LoopState) {
  const stamp = () => ({ id: ports.newId(), timestamp: ports.now() });
  const recorder = { append: log.append, newId: ports.newId, now: ports.now };

  /**
   * Starts a run when one may begin: `queue` waits its turn for a slot unless it holds one; `occupy`
   * (an approval, a sub-agent) takes one beyond the limit. A slot held with no run going is freed.
   */
  function start(approved: boolean, admission: 'queue' | 'occupy' = 'queue'): void {
    try {
      begin(approved, admission);
    } finally {
      if (!state.hasTask()) ports.runSlots.release(log.id);
    }
  }

  function begin(approved: boolean, admission: 'queue' | 'occupy'): void {
    if (
      state.hasTask() &&
      !state.isStopping() &&
      state.pauseRequested() &&
      log.record().execution_status === 'paused'
    ) {
      // Paused while a step is still finishing: go on once it has (a run cannot start beside it).
      state.resumeAfterTask();
      return;
    }
    if (state.isBusy()) throw new RuntimeError('conversation_already_running');
    const status = log.record().execution_status;
    if (status === 'finished') return; // nothing new to answer (a message would have made it idle)
    if (!log.branch().some(isUserMessage) && pendingActions(log.branch()).length === 0) return;
    const llm = ports.resolveLLM();
    if (!llm) {
      endWithError(recorder, log, {
        code: 'LLMNotConfigured',
        detail: RUNTIME_ERRORS.llm_not_configured,
      });
      return;
    }
    // A sub-agent runs inside its parent's run, which holds a slot: queued, it could wait forever.
    if (admission === 'occupy' || log.record().parent !== undefined) {
      ports.runSlots.cancel(log.id);
      ports.runSlots.occupy(log.id);
    } else if (!ports.runSlots.admit(log.id)) return; // waits its turn: the queue's grant starts it
    const current = newRun();
    state.begin('run', current);
    const approve = approved || status === 'waiting_for_confirmation';
    const started: Promise<void> = runTask(log, ports, state, {
      llm: runModel(llm),
      current,
      approved: approve,
    })
      .catch((error: unknown) => {
        if (error instanceof FencedRunError) return;
        if (current.fenced) ports.logger.error('interrupted run failed', { conversation_id: log.id, error });
        else failRunOnBug(error, { log, recorder, logger: ports.logger });
      })
      .finally(() => {
        // A fenced run was already detached by the interrupt; a newer run may own the slot now.
        if (!current.fenced) {
          endTask('run');
          if (!state.hasTask()) ports.runSlots.release(log.id);
        }
      });
    state.attach(current, started);
  }

  /**
   * After a run or a condensation: frees the slot, then acts on what arrived meanwhile. A late message
   * after a run that finished makes it idle (and runs, if asked); after a condensation (which changes
   * no status) it is treated as if it had come just now. A run asked for while paused starts now.
   */
  function endTask(kind: 'run' | 'condense'): void {
    const { lateMessage: late, resume, granted } = state.end();
    if (!state.isStopping()) {
      const status = log.record().execution_status;
      if (late && kind === 'run' && status === 'finished') {
        void log.transition({ kind: 'user_message', supersededPending: false });
        if (late.run) start(false);
      } else if (late && kind === 'condense') {
        // As if the message came now: it supersedes anything pending (never approves it).
        const superseded = pendingActions(log.branch()).length > 0;
        if (superseded) rejectPending(SUPERSEDED_REASON);
        void log.transition({ kind: 'user_message', supersededPending: superseded });
        if (late.run) start(false);
      } else if (resume && status === 'paused') {
        start(false);
      } else if (granted && !state.hasTask()) {
        start(false);
      }
    }
    ports.onRunEnd();
  }

  /**
   * The run's model. The model reads the log as it is when a call begins, so a message after that is
   * late for this call; after a switch_llm each later call uses the new model.
   */
  function runModel(initial: LLM): LLM {
    return switchableLLM(initial, {
      onCall: () => state.modelCalled(),
      takeSwitch: () => state.takeModelSwitch(),
      resolve: ports.resolveLLM,
    });
  }

  function rejectPending(reason: string): void {
    for (const action of pendingActions(log.branch()))
      log.append(rejectionOf(action, reason, stamp(), 'user'));
  }

  return { start, endTask, rejectPending };
}

export type RunStarter = ReturnType<typeof createRunStarter>;

/** One run: the system prompt, the pending actions (approved, or decided), then the loop of steps. */
async function runTask(
  log: ConversationLog,
  ports: LiveConversationPorts,
  state: LoopState,
  run: { llm: LLM; current: Run; approved: boolean },
): Promise<void> {
  const { llm, current, approved } = run;
  await log.transition({ kind: 'run_started' });
  const toolset = ports.toolset();
  await ports.ensureSystemPrompt(toolset);
  if (state.pauseRequested()) return; // paused before the first step: no step starts
  const agent = agentContextForRun(log, ports, { llm, toolset, current });
  const loopControl = loopControlForRun(
    log,
    ports,
    current,
    () => state.pauseRequested(),
    () => toolset.sandbox?.lost?.(),
  );
  const pending = pendingActions(log.branch());
  if (pending.length > 0) {
    const decided = approved ? { wait: false, runnable: pending } : decideConfirmations(pending, agent);
    if (decided.wait) {
      await log.transition({ kind: 'confirmation_needed' });
      return;
    }
    if (
      decided.runnable.length > 0 &&
      applyOutcome(await executeActions(decided.runnable, agent), agent, loopControl) === 'stop'
    )
      return;
  }
  await runLoop(agent, loopControl);
}
