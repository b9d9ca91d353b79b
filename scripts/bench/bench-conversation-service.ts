import type { ConversationService } from '../../src/runtime/conversation/conversation-service';
import { createConversationService } from '../../src/runtime/conversation/create-conversation-service';
import { DEFAULT_SECURITY_ANALYZER } from '../../src/runtime/events';
import type { LLM } from '../../src/runtime/llm/llm';
import { DEFAULT_SANDBOX_SETTINGS } from '../../src/runtime/sandbox/sandbox-settings';
import type { EventStore } from '../../src/runtime/store/event-store';
import type { Toolset } from '../../src/runtime/tools/tool';
import type { ToolsetRequest } from '../../src/runtime/conversation/conversation-service-deps';
import type { CheckpointStoreRequest } from '../../src/runtime/conversation/conversation-checkpoints';
import type { CheckpointStore } from '../../src/runtime/checkpoints/checkpoint-store';

/**
 * A conversation service for the benchmarks: the given model and tools, never asking for approval.
 * The workspace is the data dir unless one is given (a sandboxed toolset needs them apart);
 * checkpoints are on when a store is given.
 */
export function benchConversationService(
  store: EventStore,
  llm: LLM,
  dataDir: string,
  options: {
    model: string;
    toolset: (request: ToolsetRequest) => Toolset;
    workspace?: string;
    /** Checkpoints on: each conversation's store (off without). */
    checkpointStore?: (request: CheckpointStoreRequest) => CheckpointStore;
  },
): ConversationService {
  return createConversationService({
    store,
    dataDir,
    defaultWorkspace: options.workspace ?? dataDir,
    settings: () => ({
      llm: { provider: 'openai-compatible', model: options.model },
      confirmation_policy: { kind: 'NeverConfirm' },
      security_analyzer: DEFAULT_SECURITY_ANALYZER,
      sandbox: DEFAULT_SANDBOX_SETTINGS,
      approval_rules: [],
    }),
    createLLM: () => llm,
    createToolset: options.toolset,
    ...(options.checkpointStore ? { createCheckpointStore: options.checkpointStore } : {}),
  });
}
