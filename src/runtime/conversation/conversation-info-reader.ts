import { budgetPause, pendingActions } from '../../event-facts';
import type { ConversationInfo, Event } from '../events';
import type { ConversationRecord, EventStore } from '../store/event-store';
import type { ConversationRegistry } from './conversation-registry';
import type { ConversationServiceDeps } from './conversation-service-deps';
import { observationsDir } from './observations-dir';
import type { RunQueue } from './run-queue';
import { RuntimeError } from '../errors/runtime-error';
import { subAgentsOf } from './sub-agents-of';
import { toConversationInfo } from './to-conversation-info';

export interface ConversationInfoReader {
  /** The stored row, once crash recovery is done. Throws conversation_not_found. */
  requireRecord(id: string): Promise<ConversationRecord>;
  /** The active branch: the loaded log's, else the store's. */
  branchOf(id: string): Promise<readonly Event[]>;
  info(record: ConversationRecord): Promise<ConversationInfo>;
  /** The info with the ids of the conversation's sub-agents (one more read: single answers only). */
  infoWithChildren(record: ConversationRecord): Promise<ConversationInfo>;
}

/** How the service reads a conversation's row and answers it as the API's info. */
export function createConversationInfoReader(ports: {
  deps: Pick<ConversationServiceDeps, 'settings' | 'dataDir' | 'decorateInfo'>;
  store: EventStore;
  registry: Pick<ConversationRegistry, 'loaded'>;
  runQueue: Pick<RunQueue, 'position'>;
  /** Settles when the runs a crash left are recovered. */
  recovered: Promise<void>;
}): ConversationInfoReader {
  const { deps, store, registry } = ports;
  const branchOf = async (id: string): Promise<readonly Event[]> =>
    registry.loaded(id)?.log.branch() ?? (await store.activeBranch(id));
  async function info(record: ConversationRecord): Promise<ConversationInfo> {
    // Idle and finished conversations have nothing pending; skip reading their branch.
    const mayHavePending = record.execution_status !== 'idle' && record.execution_status !== 'finished';
    const branch = mayHavePending ? await branchOf(record.id) : [];
    const pending = pendingActions(branch).map((action) => action.id);
    const settingsLLM = deps.settings().llm;
    return toConversationInfo(
      record,
      pending,
      settingsLLM
        ? {
            provider: settingsLLM.provider,
            model: settingsLLM.model,
            ...(settingsLLM.base_url ? { base_url: settingsLLM.base_url } : {}),
          }
        : null,
      observationsDir(deps.dataDir, record.id),
      budgetPause(branch, record.execution_status) ?? null,
      ports.runQueue.position(record.id) ?? null,
      process.env,
      deps.decorateInfo,
    );
  }
  return {
    async requireRecord(id) {
      await ports.recovered;
      const record = await store.getConversation(id);
      if (!record) throw new RuntimeError('conversation_not_found');
      return record;
    },
    branchOf,
    info,
    async infoWithChildren(record) {
      const children = await subAgentsOf(store, record.id);
      return { ...(await info(record)), sub_conversation_ids: children.map((child) => child.id) };
    },
  };
}
