import type { CondenserOptions } from '../context/condenser';
import type { NativeToolsMemory } from '../llm/text-tools/native-tools-memory';
import type { RuntimeLogger } from '../logging/runtime-logger';
import type { ConversationCheckpoints } from './conversation-checkpoints';
import type { ConversationLeases } from './conversation-leases';
import type { ConversationMCPConfigs } from './conversation-mcp-configs';
import type { ConversationServiceDeps } from './conversation-service-deps';
import type { RunQueue } from './run-queue';

/** What the registry of loaded conversations is built from (the service's runtime-wide parts). */
export interface RegistryPorts {
  deps: ConversationServiceDeps;
  newId(): string;
  clock(): Date;
  condenser: CondenserOptions;
  toolConcurrencyLimit: number;
  /** Which models' endpoints refused native tools in this runtime. */
  nativeTools: NativeToolsMemory;
  /** The runtime's run slots, shared by every conversation. */
  runSlots: RunQueue;
  /** Per-conversation MCP servers and the global ones turned off (`mcp_config`). */
  mcpConfigs: Pick<ConversationMCPConfigs, 'get' | 'set' | 'forget'>;
  onFirstUserMessage(conversationId: string, text: string): void;
  checkpoints: ConversationCheckpoints;
  logger: RuntimeLogger;
  /**
   * With a shared database: a conversation is loaded only under this runtime's lease, and a run left
   * behind by a runtime that is gone is recovered (`recover`) before the conversation is read.
   */
  leases?: Pick<ConversationLeases, 'claim'>;
  recover?(conversationId: string): Promise<void>;
}
