import type { AgentContext } from '../agent/agent-context';
import { rejectionOf } from '../agent/rejection-of';
import { executeActions } from '../agent/execute-actions';
import { decideConfirmations } from '../agent/decide-confirmations';
import type { CondenserOptions } from '../context/condenser';
import { pendingActions } from '../context/pending-actions';
import { type ActionEvent, type ApprovalRule, contentText, type Event } from '../events';
import type { LLM, LLMUsage } from '../llm/llm';
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
    lateMessage = undefined;
    const current: Run = { controller: new AbortController(), fenced: false };
    run = current;
    const approve = approved || status === 'waiting_for_confirmation';
    const started: Promise<void> = runTask(noticingLateMessages(llm), current, approve)
      .catch((error: unknown) => {
        if (error instanceof FencedRunError) return;
        if (current.fenced) console.error(`conversation ${log.id}: interrupted run failed`, error);
        else failOnBug(error);
      })
      .finally(() => {
        // A fenced run was already detached by the interrupt; a newer run may own the slot now.
        if (current.fenced) return;
        task = undefined;
        run = undefined;
        const late = lateMessage;
        lateMessage = undefined;
        if (late && !stopping && log.record().execution_status === 'finished') {
          log.setStatus('idle');
          if (late.run) start(false);
        }
        ports.onRunEnd();
      });
    task = started;
  }

  /** The model reads the log as it is when a call begins; a message after that is late for this call. */
  function noticingLateMessages(llm: LLM): LLM {
    return {
      provider: llm.provider,
      model: llm.model,
      complete: (request) => {
        lateMessage = undefined;
        return llm.complete(request);
      },
    };
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
    pause(): void {
      if (task) {
        pauseRequested = true;
        return;
      }
      if (log.record().execution_status === 'paused') return;
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
      if (pending.length === 0 && !response.decisions?.length) throw new RuntimeError('no_pending_actions');
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
