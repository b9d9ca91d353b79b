import type { AgentContext } from '../agent/agent-context';
import { rejectionOf } from '../agent/rejection-of';
import { executeActions } from '../agent/execute-actions';
import { decideConfirmations } from '../agent/decide-confirmations';
import { type CondenserOptions, planCondensation } from '../context/condenser';
import { summarizeCondensation } from '../context/condenser-summarize';
import { pendingActions } from '../context/pending-actions';
import { type ActionEvent, type ApprovalRule, contentText, type Event } from '../events';
import { type LLM, LLMError, type LLMUsage } from '../llm/llm';
import { llmErrorToConversationError } from '../agent/llm-error-to-conversation-error';
import type { Toolset } from '../tools/tool';
import type { ConversationLog } from './conversation-log';
import { type PlannedAnswer, planConfirmationAnswer } from './plan-confirmation-answer';
import { recordConfirmationAnswer } from './record-confirmation-answer';
import type { RespondToConfirmation, SendMessage } from './requests';
import { applyOutcome, endWithError, type LoopControl, runLoop } from './run-loop';
import { RUNTIME_ERRORS, RuntimeError } from './runtime-error';
import { statusAfterUserMessage } from './status-machine';

export interface LiveConversationPorts {
  newId(): string;
  now(): string;
  /** The model for the next run; undefined when none is configured. */
  resolveLLM(): LLM | undefined;
  /** The conversation's toolset, created on first use and kept while the conversation is loaded. */
  toolset(): Toolset;
  /** Appends the SystemPromptEvent when the active branch has none. */
  ensureSystemPrompt(toolset: Toolset): Promise<void>;
  observationsDir: string;
  condenser: CondenserOptions;
  /** The global approval rules now (settings are read on every use). */
  globalApprovalRules(): readonly ApprovalRule[];
  /**
   * Persists a global allow rule (an approval with scope `always`). Absent: such answers add a
   * conversation rule instead. May throw (settings.json not writable); nothing is recorded then.
   */
  addGlobalApprovalRule?: ((rule: ApprovalRule) => void) | undefined;
  /** After a run ended (whatever the outcome): the registry may drop an idle conversation. */
  onRunEnd(): void;
  /** The first user message of the conversation was appended (titles). */
  onFirstUserMessage(text: string): void;
  /** Snapshots the workspace before a step that may change files (see AgentContext.checkpoint). */
  checkpoint?: ((signal: AbortSignal) => Promise<string | undefined>) | undefined;
}

/** How long an interrupt waits for a tool that ignores its abort signal before answering anyway. */
const INTERRUPT_GRACE_MS = 1_500;
export const INTERRUPTED_ERROR = 'Interrupted: the person stopped the run before this action finished.';
const SUPERSEDED_REASON = 'The person sent a new message instead of answering the confirmation.';

/**
 * One run of the loop. An interrupt that stops waiting for it (a tool or model ignoring the abort)
 * fences it: the interrupt has answered its actions, so anything the run still tries to record would
 * be a second answer or a step after `paused`, and is refused.
 */
interface Run {
  controller: AbortController;
  fenced: boolean;
}

/** Thrown into a fenced run when it tries to record something; ends that run quietly. */
class FencedRunError extends Error {
  constructor() {
    super('this run was interrupted and may no longer record events');
  }
}

/**
 * The loop owner of one loaded conversation: one run at a time, pause between steps, interrupt at
 * once, confirmation answers, and messages absorbed by a running loop. Throws RuntimeError for
 * requests that conflict with the state (already running, stale confirmation).
 */
export function createLiveConversation(log: ConversationLog, ports: LiveConversationPorts) {
  let task: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  let run: Run | undefined;
  let pauseRequested = false;
  /** A run was asked for while a paused step was still finishing: start it once that step ends. */
  let resumeAfterRun = false;
  /** The model changed (switch_llm): the next model call of the current run resolves it again. */
  let llmSwitched = false;
  /** A user message arrived while a run was going, after its latest model call began (so unseen). */
  let lateMessage: { run: boolean } | undefined;

  const stamp = () => ({ id: ports.newId(), timestamp: ports.now() });
  const recorder = { append: log.append, newId: ports.newId, now: ports.now };

  /** `act`, unless the run was fenced. */
  function guarded<A extends unknown[], R>(current: Run, act: (...args: A) => R): (...args: A) => R {
    return (...args) => {
      if (current.fenced) throw new FencedRunError();
      return act(...args);
    };
  }

  function context(llm: LLM, toolset: Toolset, current: Run): AgentContext {
    const record = log.record();
    return {
      conversationId: log.id,
      workspaceDir: record.workspace_dir,
      observationsDir: ports.observationsDir,
      llm,
      toolset,
      confirmationPolicy: () => log.record().confirmation_policy,
      securityAnalyzer: () => log.record().security_analyzer,
      approvalRules: () => ({
        conversation: log.record().approval_rules,
        global: ports.globalApprovalRules(),
      }),
      branch: log.branch,
      view: log.view,
      lastSeq: log.lastSeq,
      append: guarded(current, log.append),
      publish: (frame) => {
        if (!current.fenced) log.publish(frame);
      },
      addUsage: guarded(current, (usage: LLMUsage) => addUsage(log, usage)),
      newId: ports.newId,
      now: ports.now,
      signal: current.controller.signal,
      condenser: ports.condenser,
      ...(ports.checkpoint ? { checkpoint: checkpointFor(ports.checkpoint, current) } : {}),
    };
  }

  function control(current: Run): LoopControl {
    const record = log.record();
    return {
      maxIterations: record.max_iterations,
      stuckDetection: record.stuck_detection,
      pauseRequested: () => pauseRequested,
      setStatus: guarded(current, log.setStatus),
    };
  }

  async function runTask(llm: LLM, current: Run, approved: boolean): Promise<void> {
    log.setStatus('running');
    const toolset = ports.toolset();
    await ports.ensureSystemPrompt(toolset);
    if (pauseRequested) return; // paused before the first step: no step starts
    const agent = context(llm, toolset, current);
    const loopControl = control(current);
    const pending = pendingActions(log.branch());
    if (pending.length > 0) {
      const decided = approved ? { wait: false, runnable: pending } : decideConfirmations(pending, agent);
      if (decided.wait) {
        log.setStatus('waiting_for_confirmation');
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

  function start(approved: boolean): void {
    if (task && !stopping && pauseRequested && log.record().execution_status === 'paused') {
      // Paused while a step is still finishing: go on once it has (a run cannot start beside it).
      resumeAfterRun = true;
      return;
    }
    if (task || stopping) throw new RuntimeError('conversation_already_running');
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
    pauseRequested = false;
    resumeAfterRun = false;
    llmSwitched = false;
    lateMessage = undefined;
    const current: Run = { controller: new AbortController(), fenced: false };
    run = current;
    const approve = approved || status === 'waiting_for_confirmation';
    const started: Promise<void> = runTask(runModel(llm), current, approve)
      .catch((error: unknown) => {
        if (error instanceof FencedRunError) return;
        if (current.fenced) console.error(`conversation ${log.id}: interrupted run failed`, error);
        else failOnBug(error);
      })
      .finally(() => {
        // A fenced run was already detached by the interrupt; a newer run may own the slot now.
        if (!current.fenced) endTask('run');
      });
    task = started;
  }

  /**
   * After a run or a condensation: frees the slot, then acts on what arrived meanwhile. A late message
   * after a run that finished makes it idle (and runs, if asked); after a condensation (which changes
   * no status) it is treated as if it had come just now. A run asked for while paused starts now.
   */
  function endTask(kind: 'run' | 'condense'): void {
    task = undefined;
    run = undefined;
    const late = lateMessage;
    lateMessage = undefined;
    const resume = resumeAfterRun;
    resumeAfterRun = false;
    if (!stopping) {
      const status = log.record().execution_status;
      if (late && kind === 'run' && status === 'finished') {
        log.setStatus('idle');
        if (late.run) start(false);
      } else if (late && kind === 'condense') {
        // As if the message came now: it supersedes anything pending (never approves it).
        const superseded = pendingActions(log.branch()).length > 0;
        if (superseded) rejectPending(SUPERSEDED_REASON);
        log.setStatus(
          superseded || status === 'waiting_for_confirmation' ? 'idle' : statusAfterUserMessage(status),
        );
        if (late.run) start(false);
      } else if (resume && status === 'paused') {
        start(false);
      }
    }
    ports.onRunEnd();
  }

  /**
   * The run's model. The model reads the log as it is when a call begins, so a message after that is
   * late for this call; and after a switch_llm each call after the switch uses the new model (the
   * call in flight finishes on the old one, as upstream's does).
   */
  function runModel(initial: LLM): LLM {
    let current = initial;
    return {
      get provider() {
        return current.provider;
      },
      get model() {
        return current.model;
      },
      complete: (request) => {
        lateMessage = undefined;
        if (llmSwitched) {
          llmSwitched = false;
          current = ports.resolveLLM() ?? current;
        }
        return current.complete(request);
      },
    };
  }

  /**
   * Summarises now (condense on demand when no run is going), in the run slot so that nothing else
   * starts meanwhile. Records the CondensationRequest and the Condensation together once the summary
   * is there, so a failure records nothing. Rejects with RuntimeError llm_call_failed.
   */
  async function condenseNow(): Promise<void> {
    const plan = planCondensation(log.view().items, ports.condenser);
    if (!plan) return; // nothing after the system prompt and the task can be forgotten
    const llm = ports.resolveLLM();
    if (!llm) throw new RuntimeError('llm_not_configured');
    const current: Run = { controller: new AbortController(), fenced: false };
    run = current;
    pauseRequested = false;
    resumeAfterRun = false;
    lateMessage = undefined;
    const requestStamp = stamp();
    let failure: LLMError | undefined;
    const work = (async () => {
      try {
        const event = await summarizeCondensation(plan, llm, {
          ...stamp(),
          signal: current.controller.signal,
          onUsage: guarded(current, (usage: LLMUsage) => addUsage(log, usage)),
        });
        guarded(current, log.append)({ kind: 'CondensationRequest', ...requestStamp, source: 'user' });
        guarded(current, log.append)(event);
      } catch (error) {
        if (error instanceof FencedRunError) return;
        if (!(error instanceof LLMError)) throw error;
        // Interrupted: the interrupt has recorded itself; nothing else to say.
        if (error.code !== 'aborted' && !current.controller.signal.aborted) failure = error;
      }
    })();
    const settled: Promise<void> = work
      .catch((error: unknown) => console.error(`conversation ${log.id}: condensation failed`, error))
      .finally(() => {
        if (!current.fenced) endTask('condense');
      });
    task = settled;
    await work;
    if (failure) {
      throw new RuntimeError(
        'llm_call_failed',
        `The model could not summarise the conversation: ${llmErrorToConversationError(failure).detail}`,
      );
    }
  }

  /** A bug in the loop must not leave the conversation `running` forever. */
  function failOnBug(error: unknown): void {
    console.error(`conversation ${log.id}: run failed`, error);
    try {
      endWithError(recorder, log, {
        code: 'InternalError',
        detail: `The run stopped because of an internal error (${error instanceof Error ? error.message : String(error)}). Run again to continue.`,
      });
    } catch (secondError) {
      console.error(`conversation ${log.id}: could not record the failure`, secondError);
    }
  }

  function answerPending(pending: readonly ActionEvent[], answer: (action: ActionEvent) => void): void {
    for (const action of pending) answer(action);
  }

  function rejectPending(reason: string): void {
    answerPending(pendingActions(log.branch()), (action) =>
      log.append(rejectionOf(action, reason, stamp(), 'user')),
    );
  }

  /** Global rules first: when settings.json cannot be written, nothing at all is recorded. */
  function addRules(answers: readonly PlannedAnswer[]): void {
    const conversationRules: ApprovalRule[] = [];
    for (const { scope, newRule } of answers) {
      if (!newRule) continue;
      if (scope === 'always' && ports.addGlobalApprovalRule) ports.addGlobalApprovalRule(newRule);
      else conversationRules.push(newRule);
    }
    if (conversationRules.length === 0) return;
    const rules = [...log.record().approval_rules, ...conversationRules];
    log.setState('approval_rules', rules, { approval_rules: rules });
  }

  async function interruptNow(): Promise<void> {
    resumeAfterRun = false;
    const wasRunning = task !== undefined;
    const current = run;
    current?.controller.abort();
    if (task && current && !(await settlesWithin(task, INTERRUPT_GRACE_MS))) {
      // The run ignores its abort: answer for it, and make sure it can no longer add to the log.
      current.fenced = true;
      task = undefined;
      run = undefined;
    }
    const pending = pendingActions(log.branch());
    if (!wasRunning && pending.length === 0) return;
    answerPending(pending, (action) =>
      log.append({
        kind: 'AgentErrorEvent',
        ...stamp(),
        source: 'environment',
        tool_name: action.tool_name,
        tool_call_id: action.tool_call_id,
        error: INTERRUPTED_ERROR,
      }),
    );
    log.append({ kind: 'InterruptEvent', ...stamp(), source: 'user' });
    log.setStatus('paused');
  }

  return {
    log,
    isRunning: () => task !== undefined || stopping !== undefined,
    run: () => start(false),
    /**
     * Upstream's pause: an idle or running conversation becomes `paused` at once, with a PauseEvent,
     * and no new step starts. A step in flight may finish what it does (its events still append) and
     * may still end the run (finished, error, waiting for confirmation); otherwise `paused` stays.
     * Any other status (already paused, waiting, finished, error, stuck) is left as it is.
     */
    pause(): void {
      resumeAfterRun = false;
      const status = log.record().execution_status;
      if (status !== 'idle' && status !== 'running') return;
      if (task) pauseRequested = true;
      log.append({ kind: 'PauseEvent', ...stamp(), source: 'user' });
      log.setStatus('paused');
    },
    interrupt(): Promise<void> {
      stopping ??= interruptNow().finally(() => {
        stopping = undefined;
        ports.onRunEnd();
      });
      return stopping;
    },
    sendMessage(message: SendMessage): void {
      const running = task !== undefined;
      if (!running && pendingActions(log.branch()).length > 0) {
        // The model must read an answer to every call before the next user message.
        rejectPending(SUPERSEDED_REASON);
      }
      const first = !log.branch().some(isUserMessage);
      log.append({
        kind: 'MessageEvent',
        ...stamp(),
        source: 'user',
        llm_message: { role: 'user', content: message.content },
        extended_content: [],
        ...(message.client_message_id ? { client_message_id: message.client_message_id } : {}),
      });
      if (first) ports.onFirstUserMessage(contentText(message.content));
      if (running) {
        lateMessage = { run: (lateMessage?.run ?? false) || message.run };
        // Paused while a step finishes: the message's run goes on once that step has ended.
        if (message.run && pauseRequested && log.record().execution_status === 'paused')
          resumeAfterRun = true;
        return;
      }
      const status = log.record().execution_status;
      log.setStatus(status === 'waiting_for_confirmation' ? 'idle' : statusAfterUserMessage(status));
      if (message.run && !stopping) start(false);
    },
    respondToConfirmation(response: RespondToConfirmation): void {
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
      if (task || stopping) throw new RuntimeError('conversation_already_running');
      addRules(answers);
      const ruleScope = ports.addGlobalApprovalRule ? 'global' : 'conversation';
      for (const answer of answers) recordConfirmationAnswer(log, answer, stamp, ruleScope);
      if (answers.some((answer) => answer.accept)) start(true);
      else log.setStatus('idle');
    },
    /**
     * Forces a condensation (upstream's condense). While a run is going or actions wait for an answer,
     * records a CondensationRequest that the (next) run honours before its next model call. Otherwise summarises now; with too little
     * history to forget anything, does nothing. Throws llm_not_configured, conversation_already_running
     * (an interrupt is settling), llm_call_failed.
     */
    async condense(): Promise<void> {
      if (stopping) throw new RuntimeError('conversation_already_running');
      // A run going, or actions waiting for an answer (a summary step must not run them, as
      // upstream's would): the next run condenses before its next model call.
      if (task || pendingActions(log.branch()).length > 0) {
        log.append({ kind: 'CondensationRequest', ...stamp(), source: 'user' });
        return;
      }
      await condenseNow();
    },
    /** The conversation's model changed: the next model call (of this run too) uses the new one. */
    modelChanged(): void {
      llmSwitched = true;
    },
    /** Resolves when no run is going (for shutdown and delete). */
    async settle(): Promise<void> {
      await task;
      await stopping;
    },
  };
}

export type LiveConversation = ReturnType<typeof createLiveConversation>;

/** True when `promise` settles within `ms`; the timer does not outlive the answer. */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function checkpointFor(
  checkpoint: (signal: AbortSignal) => Promise<string | undefined>,
  current: Run,
): () => Promise<string | undefined> {
  return () => checkpoint(current.controller.signal);
}

function isUserMessage(event: Event): boolean {
  return event.kind === 'MessageEvent' && event.source === 'user';
}

function sameIds(ids: readonly string[], pending: readonly ActionEvent[]): boolean {
  const expected = new Set(pending.map((action) => action.id));
  return ids.length === expected.size && ids.every((id) => expected.has(id));
}

function addUsage(log: ConversationLog, usage: LLMUsage): void {
  if (usage.prompt_tokens === 0 && usage.completion_tokens === 0 && usage.cost === 0) return;
  const stats = log.record().stats;
  const next = {
    prompt_tokens: stats.prompt_tokens + usage.prompt_tokens,
    completion_tokens: stats.completion_tokens + usage.completion_tokens,
    cost: stats.cost + usage.cost,
  };
  log.setState('stats', next, { stats: next });
}
