import { buildView } from '../context/view';
import type { Event } from '../events';
import { LLMError } from '../llm/llm';
import { llmErrorToConversationError } from '../agent/llm-error-to-conversation-error';
import type { SecretRegistry } from '../secrets/create-secret-registry';
import type { ConversationRecord, EventStore } from '../store/event-store';
import { agentFinalResponse } from './agent-final-response';
import { askAgent } from './ask-agent';
import type { ConversationRegistry } from './conversation-registry';
import type { ConversationService } from './conversation-service';
import type { ConversationServiceDeps } from './conversation-service-deps';
import { resolveLLMConfig } from './resolve-llm-config';
import { RuntimeError } from '../errors/runtime-error';

export interface AgentUseCasePorts {
  deps: ConversationServiceDeps;
  /** Writes redacting secrets (the service's store). */
  store: EventStore;
  registry: ConversationRegistry;
  secrets: SecretRegistry;
  requireRecord(id: string): Promise<ConversationRecord>;
}

type AgentUseCases = Pick<
  ConversationService,
  'agentFinalResponse' | 'askAgent' | 'condense' | 'switchLLM' | 'setSecurityAnalyzer'
>;

/**
 * What a conversation's agent is asked besides a run: its final answer, a side question, a summary
 * now, another model, another analyzer. In our own shapes: the upstream edge (runtime/upstream/)
 * maps its clients' models and analyzers before calling these.
 */
export function createAgentUseCases(ports: AgentUseCasePorts): AgentUseCases {
  const { registry, store, secrets } = ports;

  async function branchOf(id: string): Promise<readonly Event[]> {
    return registry.loaded(id)?.log.branch() ?? (await store.activeBranch(id));
  }

  /** A model failure in plain words, with anything secret masked (never the key). */
  function callFailed(error: LLMError, id: string, what: string): RuntimeError {
    const detail = secrets.redact(llmErrorToConversationError(error).detail, id);
    return new RuntimeError('llm_call_failed', `${what}: ${detail}`);
  }

  return {
    async agentFinalResponse(id) {
      await ports.requireRecord(id);
      return agentFinalResponse(await branchOf(id));
    },
    async askAgent(id, question) {
      const record = await ports.requireRecord(id);
      const config = resolveLLMConfig(record, ports.deps.settings(), registry.resourcesOf(id).apiKey);
      if (!config) throw new RuntimeError('llm_not_configured');
      const live = registry.loaded(id);
      const branch = live?.log.branch() ?? (await store.activeBranch(id));
      const view = live?.log.view() ?? buildView(branch);
      try {
        // The question goes to the model like everything else it reads: with known secrets masked.
        const answer = await askAgent(
          { view, branch },
          secrets.redact(question, id),
          ports.deps.createLLM(config),
        );
        return secrets.redact(answer, id);
      } catch (error) {
        if (error instanceof LLMError) throw callFailed(error, id, 'The model could not answer');
        throw error;
      }
    },
    async condense(id) {
      const live = await registry.acquire(id);
      try {
        await live.condense();
      } catch (error) {
        if (error instanceof RuntimeError && error.code === 'llm_call_failed')
          throw new RuntimeError('llm_call_failed', secrets.redact(error.message, id));
        throw error;
      } finally {
        registry.release(id);
      }
    },
    async switchLLM(id, config, options = {}) {
      await ports.requireRecord(id);
      // The key first: from here on it is masked wherever it could be recorded.
      if (config.api_key) {
        const taken = Object.keys(secrets.conversationSecrets(id)).filter((name) =>
          name.startsWith('llm-api-key'),
        ).length;
        // Earlier keys stay masked; a name no command can spell as `$NAME` keeps it from the terminal.
        secrets.setConversationSecrets(id, {
          [taken === 0 ? 'llm-api-key' : `llm-api-key-${taken + 1}`]: config.api_key,
        });
        registry.resourcesOf(id).apiKey = config.api_key;
      } else {
        // A key is never sent to an endpoint it was not given for.
        registry.resourcesOf(id).apiKey = undefined;
      }
      const upstreamModel = options.upstreamModel;
      const publicConfig = {
        provider: config.provider,
        model: config.model,
        ...(config.base_url ? { base_url: config.base_url } : {}),
        ...(upstreamModel ? { upstream_model: upstreamModel } : {}),
      };
      await registry.with(id, async (live) => {
        const recorded = live.log.setState('llm', publicConfig, { llm: publicConfig });
        live.modelChanged();
        await recorded;
      });
    },
    async setSecurityAnalyzer(id, analyzer) {
      await ports.requireRecord(id);
      await registry.with(id, (live) =>
        live.log.setState('security_analyzer', analyzer, { security_analyzer: analyzer }),
      );
    },
  };
}
