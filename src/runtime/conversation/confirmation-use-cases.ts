import type { ConversationService } from './conversation-service';
import { RuntimeError } from '../errors/runtime-error';
import type { ServiceContext } from './service-context';

type ConfirmationUseCases = Pick<ConversationService, 'setConfirmationPolicy' | 'respondToConfirmation'>;

/**
 * The person's say over the agent's actions: which need an answer (the policy) and the answers
 * (with the rules they ask to remember, see recordConfirmationAnswers). The conversation's approval
 * rules themselves change through `update`.
 */
export function createConfirmationUseCases(context: ServiceContext): ConfirmationUseCases {
  const { registry, checkpointOperations } = context;
  return {
    async setConfirmationPolicy(id, policy) {
      await registry.with(id, (live) =>
        live.log.setState('confirmation_policy', policy, { confirmation_policy: policy }),
      );
    },
    async respondToConfirmation(id, response) {
      if (checkpointOperations.isRestoring(id)) throw new RuntimeError('conversation_already_running');
      await registry.with(id, (live) => live.respondToConfirmation(response));
    },
  };
}
