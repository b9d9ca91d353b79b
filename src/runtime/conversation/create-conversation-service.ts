import { createConfirmationUseCases } from './confirmation-use-cases';
import type { ConversationService } from './conversation-service';
import type { ConversationServiceDeps } from './conversation-service-deps';
import { createLifecycleUseCases } from './lifecycle-use-cases';
import { createReadUseCases } from './read-use-cases';
import { createRunControlUseCases } from './run-control-use-cases';
import { type ConversationServiceOptions, createServiceContext } from './service-context';
import { createToolUseCases } from './tool-use-cases';
import { createAgentUseCases } from './agent-use-cases';

export type { ConversationServiceOptions } from './service-context';

/**
 * The runtime behind the API: conversations loaded lazily, one loop owner each, everything durable
 * in the store before anyone hears of it. Recovers conversations a crash left running on creation.
 * Composed of its use cases, which share one context (createServiceContext).
 */
export function createConversationService(
  deps: ConversationServiceDeps,
  options: ConversationServiceOptions = {},
): ConversationService {
  const context = createServiceContext(deps, options);
  const { registry, logger } = context;
  return {
    ...createLifecycleUseCases(context),
    ...createRunControlUseCases(context),
    ...createConfirmationUseCases(context),
    ...createReadUseCases(context),
    ...createToolUseCases(context),
    ...createAgentUseCases({
      deps,
      store: context.store,
      registry,
      secrets: context.secrets,
      requireRecord: context.requireRecord,
    }),
    ...context.checkpointOperations,
    async close() {
      context.titler.abort();
      context.runQueue.close();
      // A run that cannot record its end (its lease taken, the database gone) must not stop the others'.
      const unloaded = await Promise.allSettled(registry.ids().map((id) => registry.unload(id)));
      for (const result of unloaded)
        if (result.status === 'rejected')
          logger.warn('a conversation did not stop cleanly', { error: result.reason });
      await context.titler.settled();
      await context.checkpoints.releaseAll();
      await deps.leases?.close();
      await deps.appendFeed?.close();
    },
  };
}
