import type { AgentContext } from '../agent/agent-context';
import type { LLM, LLMUsage } from '../llm/llm';
import type { Toolset } from '../tools/tool';
import { addUsage } from './add-usage';
import type { ConversationLog } from './conversation-log';
import type { LiveConversationPorts } from './live-conversation-ports';
import { type Run, guarded } from './run-fence';
import type { LoopControl } from './run-loop';

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
  };
}

/** The loop's limits and its one way to change the status, refused once the run is fenced. */
export function loopControlForRun(
  log: ConversationLog,
  current: Run,
  pauseRequested: () => boolean,
): LoopControl {
  const record = log.record();
  return {
    maxIterations: record.max_iterations,
    stuckDetection: record.stuck_detection,
    pauseRequested,
    transition: guarded(current, log.transition),
  };
}
