import { llmErrorToConversationError } from '../agent/llm-error-to-conversation-error';
import { summarizeCondensation } from '../context/condenser-summarize';
import { decideCondensation } from '../context/decide-condensation';
import { LLMError, type LLMUsage } from '../llm/llm';
import { addUsage } from './add-usage';
import type { ConversationLog } from './conversation-log';
import type { LiveConversationPorts } from './live-conversation-ports';
import type { LoopState } from './loop-state';
import { FencedRunError, guarded, newRun } from './run-fence';
import { RuntimeError } from '../errors/runtime-error';

/**
 * Summarises now (condense on demand when no run is going), in the run slot so that nothing else
 * starts meanwhile. Records the CondensationRequest and the Condensation together once the summary
 * is there, so a failure records nothing. Rejects with RuntimeError llm_call_failed.
 */
export async function condenseNow(
  log: ConversationLog,
  ports: LiveConversationPorts,
  state: LoopState,
  ended: () => void,
): Promise<void> {
  const stamp = () => ({ id: ports.newId(), timestamp: ports.now() });
  const decision = decideCondensation({
    kind: 'on_demand',
    items: log.view().items,
    options: ports.condenser,
  });
  if (!decision) return; // nothing after the system prompt and the task can be forgotten
  const { plan } = decision;
  const llm = ports.resolveLLM();
  if (!llm) throw new RuntimeError('llm_not_configured');
  const current = newRun();
  state.begin('condense', current);
  const requestStamp = stamp();
  let failure: LLMError | undefined;
  const work = (async () => {
    try {
      const event = await summarizeCondensation(plan, llm, {
        ...stamp(),
        signal: current.controller.signal,
        onUsage: guarded(current, (usage: LLMUsage) => addUsage(log, usage)),
        endedAt: ports.now,
      });
      const request = guarded(
        current,
        log.append,
      )({ kind: 'CondensationRequest', ...requestStamp, source: 'user' });
      await Promise.all([request, guarded(current, log.append)(event)]);
    } catch (error) {
      if (error instanceof FencedRunError) return;
      if (!(error instanceof LLMError)) throw error;
      // Interrupted: the interrupt has recorded itself; nothing else to say.
      if (error.code !== 'aborted' && !current.controller.signal.aborted) failure = error;
    }
  })();
  const settled: Promise<void> = work
    .catch((error: unknown) => ports.logger.error('condensation failed', { conversation_id: log.id, error }))
    .finally(() => {
      if (!current.fenced) ended();
    });
  state.attach(current, settled);
  await work;
  if (failure) {
    throw new RuntimeError(
      'llm_call_failed',
      `The model could not summarise the conversation: ${llmErrorToConversationError(failure).detail}`,
    );
  }
}
