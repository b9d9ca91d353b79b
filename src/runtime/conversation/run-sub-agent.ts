import { NO_BUDGETS, type TaskAction, type TaskObservation, textContent } from '../events';
import type { RuntimeLogger } from '../logging/runtime-logger';
import type { EventStore } from '../store/event-store';
import type { SubAgentRunner } from '../tools/task/sub-agent-runner';
import { addChildStats } from './add-child-stats';
import type { ConversationRegistry } from './conversation-registry';
import { subAgentBudgets } from './sub-agent-budgets';
import { subAgentOutcome } from './sub-agent-outcome';
import { subAgentRecord } from './sub-agent-record';
import { statsSince } from './sum-stats';
import { MAX_SUB_AGENT_DEPTH, subAgentTools } from './sub-agent-tools';
import { untilRunEnded } from './until-run-ended';

export interface SubAgentPorts {
  store: EventStore;
  registry: Pick<ConversationRegistry, 'acquire' | 'release' | 'loaded' | 'prepareSystemPrompt'>;
  /** Gives the child what the parent holds in memory only: its model key, secrets and own MCP servers. */
  inherit(parentId: string, childId: string): Promise<void>;
  newId(): string;
  now(): string;
  logger: RuntimeLogger;
}

/**
 * The `task` runner of one conversation: each call makes a child conversation in the store (see
 * subAgentRecord) with only the prompt as its first message, runs it to its end while holding it
 * loaded, adds its spend to the parent's stats as it goes and answers its outcome. `parentTools` names the tools
 * the parent is offered now, the most a child may get.
 */
export function createSubAgentRunner(
  ports: SubAgentPorts,
  parentId: string,
  parentTools: () => string[],
): SubAgentRunner {
  const refused = (action: TaskAction, text: string): TaskObservation => ({
    kind: 'TaskObservation',
    content: [textContent(text)],
    is_error: true,
    task_id: '',
    subagent: action.subagent_type,
    status: 'refused',
  });

  return {
    async run(action, call) {
      const parent = ports.registry.loaded(parentId);
      if (!parent || !call.actionId) return refused(action, 'The task tool runs only inside a run.');
      if (call.signal.aborted) return refused(action, 'Your run was stopped before the sub-agent started.');
      const parentRecord = parent.log.record();
      const depth = (parentRecord.parent?.depth ?? 0) + 1;
      if (depth > MAX_SUB_AGENT_DEPTH)
        return refused(action, `Sub-agents nest at most ${MAX_SUB_AGENT_DEPTH} deep.`);
      const tools = subAgentTools(parentTools(), action.tools, depth);
      if (!tools.ok) return refused(action, tools.error);
      const budgets = subAgentBudgets(
        parentRecord.budgets ?? NO_BUDGETS,
        parent.log.branch(),
        parentRecord.stats,
      );
      if (!budgets.ok) return refused(action, budgets.reason);
      if (parentRecord.execution_status === 'paused')
        return refused(action, 'Your run was paused before the sub-agent started.');

      const childId = ports.newId();
      await ports.store.createConversation(
        subAgentRecord(parentRecord, {
          id: childId,
          action,
          actionId: call.actionId,
          depth,
          tools: tools.tools,
          budgets: budgets.budgets,
          createdAt: ports.now(),
        }),
      );
      await ports.inherit(parentId, childId);
      return runChild(childId, action, call.signal);
    },
  };

  async function runChild(
    childId: string,
    action: TaskAction,
    signal: AbortSignal,
  ): Promise<TaskObservation> {
    const child = await ports.registry.acquire(childId);
    // Stopping the parent stops its child (and, through the child's own task call, its grandchild).
    const stop = () => {
      child
        .interrupt()
        .catch((error: unknown) =>
          ports.logger.error('sub-agent not stopped', { conversation_id: childId, error }),
        );
    };
    signal.addEventListener('abort', stop, { once: true });
    // The child's spend reaches the parent as it happens (a grandchild's through the child's), so the
    // parent's cost is current while the child runs and stays counted if the runtime stops meanwhile.
    let counted = child.log.record().stats;
    const rollUp = () => {
      const now = child.log.record().stats;
      const parent = ports.registry.loaded(parentId);
      if (parent) addChildStats(parent.log, statsSince(now, counted));
      counted = now;
    };
    const unsubscribe = child.log.subscribe((frame) => {
      if (
        frame.type === 'durable' &&
        frame.event.kind === 'ConversationStateUpdateEvent' &&
        frame.event.key === 'stats'
      )
        rollUp();
    });
    try {
      await ports.registry.prepareSystemPrompt(childId);
      // Paused with its parent while it was being made: it keeps the task, and runs when resumed.
      const pausedAlready = child.log.record().execution_status === 'paused';
      await child.sendMessage({ role: 'user', content: [textContent(action.prompt)], run: !pausedAlready });
      if (!pausedAlready) await untilRunEnded(child, signal);
      await child.settle();
      rollUp();
      const record = child.log.record();
      return subAgentOutcome(
        { id: childId, status: record.execution_status, branch: child.log.branch() },
        { subagent: action.subagent_type, stopped: signal.aborted },
      );
    } finally {
      unsubscribe();
      signal.removeEventListener('abort', stop);
      ports.registry.release(childId);
    }
  }
}
