import type { AgentContext } from '../agent/agent-context';
import type { LLM, LLMUsage } from '../llm/llm';
import type { Toolset } from '../tools/tool';
import { addUsage } from './add-usage';
import type { ConversationLog } from './conversation-log';
import type { LiveConversationPorts } from './live-conversation-ports';
import { type Run, guarded } from './run-fence';
import { enforceBudgets } from './enforce-budgets';
import type { LoopControl } from './run-loop';
import { NO_BUDGETS } from '../events';
import { createHookRunner } from '../hooks/hook-runner';

/**
 * What one run's agent steps see of the conversation: the log (appends refused once the run is
 * fenced), the settings read on every use, and the run's abort signal.
 */
export function agentContextForRun(
  log: ConversationLog,
  ports: LiveConversationPorts,
  run: { llm: LLM; toolset: Toolset; current: Run },
): AgentContext {
  const { llm, toolset, current } = run;
  const record = log.record();
  const checkpoint = ports.checkpoint;
  const prepareCheckpoint = ports.prepareCheckpoint;
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
    toolConcurrencyLimit: ports.toolConcurrencyLimit,
    ...(checkpoint ? { checkpoint: () => checkpoint(current.controller.signal) } : {}),
    ...(prepareCheckpoint ? { prepareCheckpoint } : {}),
    ...(ports.hooks
      ? {
          hooks: createHookRunner({
            conversationId: log.id,
            workspaceDir: record.workspace_dir,
            config: ports.hooks.config,
            runCommand: ports.hooks.runCommand,
            append: guarded(current, log.append),
            newId: ports.newId,
            now: ports.now,
            elapsedMs: () => performance.now(),
          }),
        }
      : {}),
  };
}

/** The loop's limits and its one way to change the status, refused once the run is fenced. */
export function loopControlForRun(
  log: ConversationLog,
  ports: Pick<LiveConversationPorts, 'newId' | 'now'>,
  current: Run,
  pauseRequested: () => boolean,
  sandboxLost: () => string | undefined = () => undefined,
): LoopControl {
  const record = log.record();
  const transition = guarded(current, log.transition);
  return {
    maxIterations: record.max_iterations,
    stuckDetection: record.stuck_detection,
    pauseRequested,
    // Budgets and stats are read at each check: a raised limit applies to the next step.
    enforceBudgets: () =>
      current.fenced
        ? 'stop'
        : enforceBudgets({
            budgets: () => log.record().budgets ?? NO_BUDGETS,
            stats: () => log.record().stats,
            branch: log.branch,
            append: guarded(current, log.append),
            transition: (happening) => void transition(happening),
            newId: ports.newId,
            now: ports.now,
          }),
    enforceSandbox: () => {
      const reason = current.fenced ? undefined : sandboxLost();
      if (reason === undefined) return 'go_on';
      void guarded(
        current,
        log.append,
      )({
        kind: 'ConversationErrorEvent',
        id: ports.newId(),
        timestamp: ports.now(),
        source: 'environment',
        code: 'SandboxUnavailable',
        detail: `${reason} The run is paused: resume it once the sandbox is back.`,
      });
      void transition({ kind: 'sandbox_lost' });
      return 'stop';
    },
    transition,
  };
}
