import { join } from 'node:path';
import type { CondenserOptions } from '../context/condenser';
import type { LLM } from '../llm/llm';
import type { Toolset } from '../tools/tool';
import { type ConversationCheckpoints, snapshotBeforeStep } from './conversation-checkpoints';
import { createConversationLog } from './conversation-log';
import type { ConversationServiceDeps } from './conversation-service-deps';
import { ensureSystemPrompt } from './ensure-system-prompt';
import { createLiveConversation, type LiveConversation } from './live-conversation';
import { resolveLLMConfig } from './resolve-llm-config';
import { RuntimeError } from './runtime-error';

export interface RegistryPorts {
  deps: ConversationServiceDeps;
  newId(): string;
  clock(): Date;
  condenser: CondenserOptions;
  /** Per-conversation API keys given at create time; memory only. */
  apiKeys: Map<string, string>;
  onFirstUserMessage(conversationId: string, text: string): void;
  checkpoints: ConversationCheckpoints;
}

interface Entry {
  live: LiveConversation;
  /** Creates the toolset on first use. */
  toolset(): Toolset;
  /** The toolset if it was created. */
  createdToolset(): Toolset | undefined;
}

/**
 * Loaded conversations: loaded lazily from the store on first use and dropped (toolset closed) once
 * no run is going and nobody is subscribed, so memory follows activity, not history.
 */
export function createConversationRegistry(ports: RegistryPorts) {
  const { deps } = ports;
  const entries = new Map<string, Entry>();
  /** Conversations being deleted: gone for every request from the moment the delete begins. */
  const deleting = new Set<string>();

  function load(id: string): Entry {
    if (!deps.store.getConversation(id)) throw new RuntimeError('conversation_not_found');
    const now = () => ports.clock().toISOString();
    const log = createConversationLog(deps.store, id, { newId: ports.newId, now, secrets: deps.secrets });
    let created: Toolset | undefined;
    const toolset = (): Toolset => {
      created ??= deps.createToolset({
        conversationId: id,
        workspaceDir: log.record().workspace_dir,
        observationsDir: observationsDir(deps.dataDir, id),
        // A deleted conversation (its tools still closing) has no network.
        networkEnabled: () => deps.store.getConversation(id)?.network_access ?? false,
      });
      return created;
    };
    const live = createLiveConversation(log, {
      newId: ports.newId,
      now,
      resolveLLM: (): LLM | undefined => {
        const config = resolveLLMConfig(log.record(), deps.settings(), ports.apiKeys.get(id));
        return config ? deps.createLLM(config) : undefined;
      },
      toolset,
      ensureSystemPrompt: (tools) =>
        ensureSystemPrompt(log, tools, { newId: ports.newId, clock: ports.clock }),
      observationsDir: observationsDir(deps.dataDir, id),
      condenser: ports.condenser,
      globalApprovalRules: () => deps.settings().approval_rules,
      addGlobalApprovalRule: deps.addGlobalApprovalRule,
      onRunEnd: () => release(id),
      onFirstUserMessage: (text) => ports.onFirstUserMessage(id, text),
      checkpoint: ports.checkpoints.enabled
        ? async (signal) => {
            const store = ports.checkpoints.of(id, log.record().workspace_dir);
            return store ? snapshotBeforeStep(store, { conversationId: id, signal }) : undefined;
          }
        : undefined,
    });
    return { live, toolset, createdToolset: () => created };
  }

  function acquire(id: string): LiveConversation {
    if (deleting.has(id)) throw new RuntimeError('conversation_not_found');
    let entry = entries.get(id);
    if (!entry) {
      entry = load(id);
      entries.set(id, entry);
    }
    return entry.live;
  }

  /** Drops the conversation from memory when nothing holds it. */
  function release(id: string): void {
    const entry = entries.get(id);
    if (!entry || entry.live.isRunning() || entry.live.log.subscriberCount() > 0) return;
    entries.delete(id);
    closeToolset(id, entry);
  }

  function closeToolset(id: string, entry: Entry): void {
    entry
      .createdToolset()
      ?.close()
      .catch((error: unknown) => console.error(`conversation ${id}: toolset did not close`, error));
  }

  /** Stops what runs and closes the toolset. */
  async function unload(id: string): Promise<void> {
    const entry = entries.get(id);
    if (!entry) return;
    if (entry.live.isRunning()) await entry.live.interrupt();
    entries.delete(id);
    await entry.createdToolset()?.close();
  }

  return {
    acquire,
    release,
    /** Runs a callback on the loaded conversation, then drops it again if nothing holds it. */
    with<T>(id: string, use: (live: LiveConversation) => T): T {
      const live = acquire(id);
      try {
        return use(live);
      } finally {
        release(id);
      }
    },
    /** Appends the system prompt if the active branch has none (at create time, so it comes first). The caller releases. */
    async prepareSystemPrompt(id: string): Promise<void> {
      acquire(id);
      const entry = entries.get(id) as Entry;
      await ensureSystemPrompt(entry.live.log, entry.toolset(), { newId: ports.newId, clock: ports.clock });
    },
    loaded(id: string): LiveConversation | undefined {
      return entries.get(id)?.live;
    },
    /** Stops what runs and closes every toolset (shutdown). */
    unload,
    /**
     * Deletes a conversation: from now on it is not found (a message or socket arriving while its run
     * stops and its terminal closes must not load it again), then unloads it and removes its data.
     */
    async remove(id: string, removeData: () => Promise<void>): Promise<void> {
      if (deleting.has(id)) throw new RuntimeError('conversation_not_found');
      deleting.add(id);
      const entry = entries.get(id);
      try {
        await unload(id);
        await removeData();
        entry?.live.log.end();
      } finally {
        deleting.delete(id);
      }
    },
    ids: () => [...entries.keys()],
  };
}

export type ConversationRegistry = ReturnType<typeof createConversationRegistry>;

/** `<data-dir>/observations/<conversation id without dashes>/` */
export function observationsDir(dataDir: string, conversationId: string): string {
  return join(dataDir, 'observations', conversationId.replaceAll('-', ''));
}
