import { decideConfirmations } from '../agent/decide-confirmations';
import { executeActions } from '../agent/execute-actions';
import { llmErrorToConversationError } from '../agent/llm-error-to-conversation-error';
import { rejectionOf } from '../agent/rejection-of';
import { summarizeCondensation } from '../context/condenser-summarize';
import { decideCondensation } from '../context/decide-condensation';
import { pendingActions } from '../../conversation-rules';
import { contentText, textContent } from '../events';
import { skillInstructions, triggeredSkills } from '../skills/skills-listing';
import { type LLM, LLMError, type LLMUsage } from '../llm/llm';
import { addUsage } from './add-usage';
import { recordConfirmationAnswers } from './record-confirmation-answers';
import type { ConversationLog } from './conversation-log';
import type { LiveConversationPorts } from './live-conversation-ports';
import { planConfirmationAnswer } from './plan-confirmation-answer';
import type { RespondToConfirmation, SendMessage } from './requests';
import { agentContextForRun, loopControlForRun } from './run-context';
import { FencedRunError, guarded, newRun, type Run, settlesWithin } from './run-fence';
import { applyOutcome, endWithError, runLoop } from './run-loop';
import { RUNTIME_ERRORS, RuntimeError } from './runtime-error';
import { switchableLLM } from './switchable-llm';
import { activatedSkills, isUserMessage, sameIds } from './branch-facts';
import { failRunOnBug } from './fail-run-on-bug';
import { createLoopState } from './loop-state';

export type { LiveConversationPorts } from './live-conversation-ports';

/** How long an interrupt waits for a tool that ignores its abort signal before answering anyway. */
const INTERRUPT_GRACE_MS = 1_500;
export const INTERRUPTED_ERROR = 'Interrupted: the person stopped the run before this action finished.';
const SUPERSEDED_REASON = 'The person sent a new message instead of answering the confirmation.';

/**
 * The loop owner of one loaded conversation: one run at a time, pause between steps, interrupt at
 * once, confirmation answers, and messages absorbed by a running loop. Throws RuntimeError for
 * requests that conflict with the state (already running, stale confirmation).
 */
export function createLiveConversation(log: ConversationLog, ports: LiveConversationPorts) {
  const state = createLoopState();

  const stamp = () => ({ id: ports.newId(), timestamp: ports.now() });
  const recorder = { append: log.append, newId: ports.newId, now: ports.now };

  async function runTask(llm: LLM, current: Run, approved: boolean): Promise<void> {
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
    const started: Promise<void> = runTask(runModel(llm), current, approve)
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

  /**
   * Summarises now (condense on demand when no run is going), in the run slot so that nothing else
   * starts meanwhile. Records the CondensationRequest and the Condensation together once the summary
   * is there, so a failure records nothing. Rejects with RuntimeError llm_call_failed.
   */
  async function condenseNow(): Promise<void> {
    const decision = decideCondensation({
      kind: 'on_demand',
      items: log.view().items,
      options: ports.condenser,
    });
    if (!decision) return; // nothing after the system prompt and the task can be forgotten
    const { plan } = decision;
    const llm = ports.resolveLLM();
    if (!llm) throw new RuntimeError('llm_not_configured');
    const current = newRun();
    state.begin('condense', current);
    const requestStamp = stamp();
    let failure: LLMError | undefined;
    const work = (async () => {
      try {
        const event = await summarizeCondensation(plan, llm, {
          ...stamp(),
          signal: current.controller.signal,
          onUsage: guarded(current, (usage: LLMUsage) => addUsage(log, usage)),
          endedAt: ports.now,
        });
        const request = guarded(
          current,
          log.append,
        )({ kind: 'CondensationRequest', ...requestStamp, source: 'user' });
        await Promise.all([request, guarded(current, log.append)(event)]);
      } catch (error) {
        if (error instanceof FencedRunError) return;
        if (!(error instanceof LLMError)) throw error;
        // Interrupted: the interrupt has recorded itself; nothing else to say.
        if (error.code !== 'aborted' && !current.controller.signal.aborted) failure = error;
      }
    })();
    const settled: Promise<void> = work
      .catch((error: unknown) =>
        ports.logger.error('condensation failed', { conversation_id: log.id, error }),
      )
      .finally(() => {
        if (!current.fenced) {
          endTask('condense');
          if (!state.hasTask()) ports.runSlots.release(log.id);
        }
      });
    state.attach(current, settled);
    await work;
    if (failure) {
      throw new RuntimeError(
        'llm_call_failed',
        `The model could not summarise the conversation: ${llmErrorToConversationError(failure).detail}`,
      );
    }
  }

  function rejectPending(reason: string): void {
    for (const action of pendingActions(log.branch()))
      log.append(rejectionOf(action, reason, stamp(), 'user'));
  }

  async function interruptNow(): Promise<void> {
    state.cancelResume();
    ports.runSlots.cancel(log.id);
    const wasRunning = state.hasTask();
    const current = state.run();
    const task = state.task();
    current?.controller.abort();
    if (task && current && !(await settlesWithin(task, INTERRUPT_GRACE_MS))) {
      // The run ignores its abort: answer for it, and make sure it can no longer add to the log.
      state.fence(current);
      ports.runSlots.release(log.id);
    }
    const pending = pendingActions(log.branch());
    if (!wasRunning && pending.length === 0) return;
    for (const action of pending)
      log.append({
        kind: 'AgentErrorEvent',
        ...stamp(),
        source: 'environment',
        tool_name: action.tool_name,
        tool_call_id: action.tool_call_id,
        error: INTERRUPTED_ERROR,
      });
    await log.append({ kind: 'InterruptEvent', ...stamp(), source: 'user' });
    await log.transition({ kind: 'interrupted' });
    await log.settled();
  }

  return {
    log,
    isRunning: () => state.isBusy(),
    /** What the loop is doing now (see LoopPhase). */
    phase: () => state.phase(),
    /** Starts a run; settles once what it recorded so far (run_started) is committed. */
    run(): Promise<void> {
      start(false);
      return log.settled();
    },
    /** The queue granted a slot: starts the run that waited, or gives the slot back when none may begin. */
    startGranted(): Promise<void> {
      if (state.isStopping()) ports.runSlots.release(log.id);
      else if (state.hasTask()) state.grantDuringTask();
      else start(false);
      return log.settled();
    },
    /**
     * Upstream's pause: an idle or running conversation becomes `paused` at once, with a PauseEvent,
     * and no new step starts. A step in flight may finish what it does (its events still append) and
     * may still end the run (finished, error, waiting for confirmation); otherwise `paused` stays.
     * Any other status (already paused, waiting, finished, error, stuck) is left as it is.
     */
    async pause(): Promise<void> {
      state.cancelResume();
      ports.runSlots.cancel(log.id);
      const status = log.record().execution_status;
      if (status !== 'idle' && status !== 'running') return;
      state.askPause();
      const paused = log.append({ kind: 'PauseEvent', ...stamp(), source: 'user' });
      await log.transition({ kind: 'pause_asked' });
      await Promise.all([paused, log.settled()]);
    },
    interrupt(): Promise<void> {
      return state.stop(interruptNow, ports.onRunEnd);
    },
    /**
     * Every decision is taken at once against the memory copy of the log (as when writes were
     * synchronous); settles once the message is committed (rejects if the store refused it).
     */
    async sendMessage(message: SendMessage): Promise<void> {
      const running = state.hasTask();
      if (!running && pendingActions(log.branch()).length > 0) {
        // The model must read an answer to every call before the next user message.
        rejectPending(SUPERSEDED_REASON);
      }
      const first = !log.branch().some(isUserMessage);
      const skills = triggeredSkills(
        ports.knowledgeSkills(),
        contentText(message.content),
        activatedSkills(log.branch()),
      );
      const stored = log.append({
        kind: 'MessageEvent',
        ...stamp(),
        source: 'user',
        llm_message: { role: 'user', content: message.content },
        extended_content: skills.map((skill) => textContent(skillInstructions(skill))),
        ...(message.client_message_id ? { client_message_id: message.client_message_id } : {}),
        ...(skills.length > 0 ? { activated_skills: skills.map((skill) => skill.name) } : {}),
      });
      if (first) ports.onFirstUserMessage(contentText(message.content));
      if (running) {
        state.messageArrived(message.run);
        // Paused while a step finishes: the message's run goes on once that step has ended.
        if (message.run && state.pauseRequested() && log.record().execution_status === 'paused')
          state.resumeAfterTask();
        await stored;
        return;
      }
      await log.transition({ kind: 'user_message', supersededPending: false });
      if (message.run && !state.isStopping()) start(false);
      await Promise.all([stored, log.settled()]);
    },
    async respondToConfirmation(response: RespondToConfirmation): Promise<void> {
      const pending = pendingActions(log.branch());
      if (response.action_ids && !sameIds(response.action_ids, pending))
        throw new RuntimeError('stale_confirmation');
      // Upstream answers an accept or reject with nothing pending as a no-op success.
      if (pending.length === 0 && !response.decisions?.length) return;
      const answers = planConfirmationAnswer(response, pending, log.branch(), {
        workspaceDir: log.record().workspace_dir,
        newId: ports.newId,
        now: ports.now,
      });
      if (state.isBusy()) throw new RuntimeError('conversation_already_running');
      recordConfirmationAnswers(log, answers, ports);
      // The run that waited for this answer goes on: it does not queue again behind others.
      if (answers.some((answer) => answer.accept)) start(true, 'occupy');
      else await log.transition({ kind: 'all_rejected' });
      await log.settled();
    },
    /**
     * Forces a condensation (upstream's condense). While a run is going or actions wait for an answer,
     * records a CondensationRequest that the (next) run honours before its next model call. Otherwise summarises now; with too little
     * history to forget anything, does nothing. Throws llm_not_configured, conversation_already_running
     * (an interrupt is settling), llm_call_failed.
     */
    async condense(): Promise<void> {
      if (state.isStopping()) throw new RuntimeError('conversation_already_running');
      // A run going, or actions waiting for an answer (a summary step must not run them, as
      // upstream's would): the next run condenses before its next model call.
      if (state.hasTask() || pendingActions(log.branch()).length > 0) {
        await log.append({ kind: 'CondensationRequest', ...stamp(), source: 'user' });
        return;
      }
      await condenseNow();
    },
    /** The conversation's model changed: the next model call (of this run too) uses the new one. */
    modelChanged(): void {
      state.modelChanged();
    },
    /** Resolves when no run is going (for shutdown and delete). */
    async settle(): Promise<void> {
      await state.task();
      await state.stopping();
      await log.settled();
    },
  };
}

export type LiveConversation = ReturnType<typeof createLiveConversation>;
