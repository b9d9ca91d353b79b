import { SERVED_TOOLS } from '../conversation/conversation-agent';
import type { InfoDecorator } from '../conversation/conversation-service-deps';
import { toUpstreamLLM } from './upstream-llm';
import { withUpstreamMetrics } from './upstream-stats';

/**
 * Upstream's fields of a ConversationInfo answer, beside ours: `agent` (the model as an upstream
 * `LLM`, never a key, and the tools the model is offered besides think and finish: the ones chosen at
 * creation, else all) and `stats.usage_to_metrics`. The runtime gives it to the service as its
 * `decorateInfo`, so every answer (REST, socket state, trajectory) carries them.
 */
export const withUpstreamInfo: InfoDecorator = (info, record, shownLLM) => {
  const llm = toUpstreamLLM(shownLLM);
  return {
    ...info,
    stats: withUpstreamMetrics(info.stats, llm.model),
    agent: { kind: 'Agent', llm, tools: (record.tools ?? SERVED_TOOLS).map((name) => ({ name })) },
  };
};
