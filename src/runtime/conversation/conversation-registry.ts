import type { SecretRegistry } from '../secrets/create-secret-registry';
import { ConversationResources } from './conversation-resources';
import type { LiveConversation } from './live-conversation';
import { type LoadedConversation, loadConversation } from './load-conversation';
import { createLoadedToolsets } from './loaded-toolsets';
import type { RegistryPorts } from './registry-ports';
import { RuntimeError } from '../errors/runtime-error';

export type { RegistryPorts } from './registry-ports';

/**
 * Loaded conversations: loaded lazily from the store on first use and dropped (toolset closed) once
 * no run is going and nobody is subscribed, so memory follows activity, not history. Each
 * conversation's resources are one object (ConversationResources), kept across idle drops.
 */
export function createConversationRegistry(ports: RegistryPorts & { secrets: SecretRegistry }) {
  const conversations = new Map<string, ConversationResources>();

  /** The conversation's object, made on first use (an API key or secret may come before any load). */
  function resourcesOf(id: string): ConversationResources {
    let resources = conversations.get(id);
    if (!resources) {
      resources = new ConversationResources(id, {
        dataDir: ports.deps.dataDir,
        secrets: ports.secrets,
        mcpConfigs: ports.mcpConfigs,
        checkpoints: ports.checkpoints,
        logger: ports.logger,
      });
      conversations.set(id, resources);
    }
    return resources;
  }

  /** Forgets an object that holds nothing (a load of an unknown id, say), so memory does not grow. */
  function forgetIfEmpty(resources: ConversationResources): void {
    if (resources.loading || resources.deleting || resources.held().length > 0) return;
    if (conversations.get(resources.id) === resources) conversations.delete(resources.id);
  }

  async function load(resources: ConversationResources): Promise<LoadedConversation> {
    await resources.draining;
    return loadConversation(resources, ports, () => {
      // The watcher lives only while a run does: between turns a step's first snapshot is fresh.
      ports.checkpoints.release(resources.id);
      dropIfIdle(resources.id);
    });
  }

  async function acquire(id: string): Promise<LiveConversation> {
    const resources = resourcesOf(id);
    if (resources.deleting) throw new RuntimeError('conversation_not_found');
    if (resources.loaded) {
      resources.holds += 1;
      return resources.loaded.live;
    }
    resources.loading ??= load(resources).finally(() => {
      resources.loading = undefined;
    });
    let loaded: LoadedConversation;
    try {
      loaded = await resources.loading;
    } catch (error) {
      forgetIfEmpty(resources);
      throw error;
    }
    // Deleted while it was being read: gone for this request too.
    if (resources.deleting) throw new RuntimeError('conversation_not_found');
    resources.loaded ??= loaded;
    resources.holds += 1;
    return resources.loaded.live;
  }

  /** Lets go of a conversation acquired before, and drops it if nothing else holds it. */
  function release(id: string): void {
    const resources = conversations.get(id);
    if (resources) resources.holds = Math.max(0, resources.holds - 1);
    dropIfIdle(id);
  }

  /** Drops the conversation from memory when no request, run or subscriber holds it. */
  function dropIfIdle(id: string): void {
    const resources = conversations.get(id);
    const loaded = resources?.loaded;
    if (!resources || !loaded || resources.holds > 0) return;
    if (loaded.live.isRunning() || loaded.live.log.subscriberCount() > 0) return;
    resources.loaded = undefined;
    const drained = loaded.live.log.settled().finally(() => {
      if (resources.draining === drained) resources.draining = undefined;
    });
    resources.draining = drained;
    loaded
      .createdToolset()
      ?.close()
      .catch((error: unknown) => ports.logger.error('toolset did not close', { conversation_id: id, error }));
  }

  const toolsets = createLoadedToolsets({
    loadedOf: (id) => conversations.get(id)?.loaded,
    acquire,
    release,
  });

  return {
    acquire,
    release,
    resourcesOf,
    /** Runs a callback on the loaded conversation, then drops it again if nothing holds it. */
    async with<T>(id: string, use: (live: LiveConversation) => T | Promise<T>): Promise<T> {
      const live = await acquire(id);
      try {
        return await use(live);
      } finally {
        release(id);
      }
    },
    /** Appends the system prompt if the active branch has none (at create time, so it comes first). The caller acquires and releases. */
    async prepareSystemPrompt(id: string): Promise<void> {
      await toolsets.loadedOrThrow(id, 'prepareSystemPrompt').prepare();
    },
    mcpStatus: toolsets.mcpStatus,
    restartTools: toolsets.restartTools,
    holdSandbox: toolsets.holdSandbox,
    loadedSandbox: toolsets.loadedSandbox,
    loaded(id: string): LiveConversation | undefined {
      return conversations.get(id)?.loaded?.live;
    },
    /** Stops what runs and closes the toolset (shutdown, a lease lost). */
    async unload(id: string): Promise<void> {
      await conversations.get(id)?.unload();
    },
    /** Deletes a conversation through its object's `dispose` (see there), then forgets the object. */
    async remove(id: string, removeData: () => Promise<void>): Promise<void> {
      const resources = resourcesOf(id);
      await resources.dispose(removeData);
      if (conversations.get(id) === resources) conversations.delete(id);
    },
    /** The conversations loaded now. */
    ids: () => [...conversations.values()].filter((resources) => resources.loaded).map(({ id }) => id),
  };
}

export type ConversationRegistry = ReturnType<typeof createConversationRegistry>;
