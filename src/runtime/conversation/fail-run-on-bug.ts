import type { RuntimeLogger } from '../logging/runtime-logger';
import { endWithError } from './run-loop';

type EndWithErrorArguments = Parameters<typeof endWithError>;

/**
 * A bug in the loop must not leave the conversation `running` forever: records an InternalError the
 * person reads and ends the run. Never throws (a failure to record is logged).
 */
export function failRunOnBug(
  error: unknown,
  context: {
    log: EndWithErrorArguments[1] & { id: string };
    recorder: EndWithErrorArguments[0];
    logger: RuntimeLogger;
  },
): void {
  const conversationId = context.log.id;
  context.logger.error('run failed', { conversation_id: conversationId, error });
  try {
    endWithError(context.recorder, context.log, {
      code: 'InternalError',
      detail: `The run stopped because of an internal error (${error instanceof Error ? error.message : String(error)}). Run again to continue.`,
    });
  } catch (secondError) {
    context.logger.error('could not record the failure', {
      conversation_id: conversationId,
      error: secondError,
    });
  }
}
