import { RuntimeError } from '../errors/runtime-error';
import type { ConversationService } from './conversation-service';
import { StoreError } from '../store/event-store';
import type { ServiceContext } from './service-context';
import { subAgentsOf } from './sub-agents-of';

type RunControlUseCases = Pick<
  ConversationService,
  'run' | 'pause' | 'interrupt' | 'sendMessage' | 'ownerOf' | 'startLeases'
>;

/** Messages and runs: start (in the run queue's order), pause, interrupt, and who runs a conversation. */
export function createRunControlUseCases(context: ServiceContext): RunControlUseCases {
  const { deps, store, registry, checkpointOperations } = context;

  /** Pauses a conversation, then its sub-agents that may still be running, and theirs. */
  async function pauseWithSubAgents(id: string): Promise<void> {
    await registry.with(id, (live) => live.pause());
    for (const child of await subAgentsOf(store, id))
      if (child.execution_status === 'running' || child.execution_status === 'idle')
        await pauseWithSubAgents(child.id);
  }

  return {
    async run(id) {
      if (checkpointOperations.isRestoring(id)) throw new RuntimeError('conversation_already_running');
      await context.requeued;
      await registry.with(id, (live) => live.run());
    },
    pause: (id) => pauseWithSubAgents(id),
    async interrupt(id) {
      const live = await registry.acquire(id);
      try {
        await live.interrupt();
      } finally {
        registry.release(id);
      }
    },
    async sendMessage(id, message) {
      // A run must not start while a restore writes the workspace: refused before anything is recorded.
      if (message.run && checkpointOperations.isRestoring(id))
        throw new RuntimeError('conversation_already_running');
      if (message.run) await context.requeued;
      await registry.with(id, async (live) => {
        const clientId = message.client_message_id;
        // The same message sent twice is recorded once; a second send racing the first is refused by
        // the store, which is the same answer.
        if (clientId && (await store.findByClientMessageId(id, clientId))) return;
        await live.sendMessage(message).catch((error: unknown) => {
          if (!(error instanceof StoreError && error.code === 'duplicate_client_message_id')) throw error;
        });
      });
    },
    async ownerOf(id) {
      const leases = deps.leases;
      if (!leases) {
        await context.requireRecord(id);
        return undefined;
      }
      try {
        // Loading takes the lease (and recovers what a gone runtime left) exactly as a request would.
        await registry.with(id, () => undefined);
        return leases.url();
      } catch (error) {
        if (!(error instanceof RuntimeError && error.code === 'conversation_elsewhere')) throw error;
        const claim = await leases.claim(id);
        if (claim.kind === 'unknown') throw new RuntimeError('conversation_not_found');
        return claim.kind === 'elsewhere' ? claim.ownerUrl : leases.url();
      }
    },
    async startLeases(url) {
      await deps.leases?.start(url, {
        lost: (id) => registry.unload(id),
        // Loading recovers it (see the registry), once, whoever asks first.
        adopted: (id) => registry.with(id, () => undefined),
      });
    },
  };
}
