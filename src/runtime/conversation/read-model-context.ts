import { contextWindowOf, knownContextWindowOf } from '../context/context-window';
import type { Event, ModelContext } from '../events';
import type { SecretRegistry } from '../secrets/create-secret-registry';
import type { RuntimeSettings } from '../settings/runtime-settings';
import type { ConversationRecord } from '../store/event-store';
import { resolveLLMConfig } from './resolve-llm-config';

export interface ModelContextPorts {
  requireRecord(id: string): Promise<ConversationRecord>;
  branchOf(id: string): Promise<readonly Event[]>;
  settings(): RuntimeSettings;
  secrets: SecretRegistry;
  /** The condenser's window overrides by model name. */
  contextWindows: Readonly<Record<string, number>> | undefined;
}

/**
 * What the conversation's model reads before its history, for a person to look at: the latest
 * system prompt of the active branch and its tools, and the window. Everything passes the redactor
 * again on the way out, so a secret registered after the prompt was stored is masked too. Throws
 * RuntimeError conversation_not_found.
 */
export async function readModelContext(ports: ModelContextPorts, id: string): Promise<ModelContext> {
  const record = await ports.requireRecord(id);
  // No key is needed to name the model, and none is put in the answer.
  const llm = resolveLLMConfig(record, ports.settings(), undefined);
  const prompt = (await ports.branchOf(id)).findLast((event) => event.kind === 'SystemPromptEvent');
  const systemPrompt = prompt?.kind === 'SystemPromptEvent' ? prompt : undefined;
  const known = llm ? knownContextWindowOf(llm.model, llm.provider, ports.contextWindows) : undefined;
  const context: ModelContext = {
    provider: llm?.provider ?? null,
    model: llm?.model ?? null,
    context_window: known ?? null,
    assumed_context_window: known ?? contextWindowOf(llm?.model ?? '', llm?.provider ?? '', {}),
    system_prompt: systemPrompt?.system_prompt.text ?? null,
    dynamic_context: systemPrompt?.dynamic_context?.text ?? null,
    tools: systemPrompt?.tools ?? [],
  };
  return ports.secrets.redactDeep(context, id);
}
