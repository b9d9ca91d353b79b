import type { ConversationService } from '../conversation/conversation-service';
import { type LLMConfigInput, LLMConfigInputSchema } from '../conversation/llm-config-input';
import { RuntimeError } from '../errors/runtime-error';
import { fromUpstreamLLM, type UpstreamLLM } from './upstream-llm';
import { fromUpstreamSecurityAnalyzer, type UpstreamSecurityAnalyzer } from './upstream-security-analyzer';

/**
 * Upstream's switch_llm: ours as given, or upstream's `LLM` mapped (its model name kept, to be shown
 * back in its words). Throws llm_unsupported for a model this runtime cannot serve, before the
 * service is asked; then what switchLLM throws.
 */
export async function switchUpstreamLLM(
  service: Pick<ConversationService, 'switchLLM'>,
  id: string,
  llm: LLMConfigInput | UpstreamLLM,
): Promise<void> {
  const ours = LLMConfigInputSchema.safeParse(llm);
  if (ours.success) return service.switchLLM(id, ours.data);
  const upstream = llm as UpstreamLLM;
  const mapped = fromUpstreamLLM(upstream);
  if (!mapped.ok)
    throw new RuntimeError('llm_unsupported', `This runtime cannot serve that model: ${mapped.reason}`);
  return service.switchLLM(id, mapped.config, { upstreamModel: upstream.model });
}

/**
 * Upstream's security_analyzer: an upstream or our analyzer object, or null, as one of ours (see
 * fromUpstreamSecurityAnalyzer). Throws security_analyzer_unsupported before the service is asked;
 * then what setSecurityAnalyzer throws.
 */
export async function setUpstreamSecurityAnalyzer(
  service: Pick<ConversationService, 'setSecurityAnalyzer'>,
  id: string,
  analyzer: UpstreamSecurityAnalyzer | null,
): Promise<void> {
  const mapped = fromUpstreamSecurityAnalyzer(analyzer);
  if (!mapped.ok) throw new RuntimeError('security_analyzer_unsupported', mapped.reason);
  return service.setSecurityAnalyzer(id, mapped.analyzer);
}
