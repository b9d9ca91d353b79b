import type { RuntimeLogger } from '../logging/runtime-logger';
import { mcpSecretValues } from '../mcp/mask-mcp-servers';
import type { MCPConfig } from '../mcp/mcp-server-config';
import { fromStoredMCPConfig, toStoredMCPConfig } from '../mcp/stored-mcp-config';
import type { SecretRegistry } from '../secrets/create-secret-registry';
import type { SecretSealer } from '../secrets/secret-sealer';
import type { EventStore } from '../store/event-store';

/** The conversations' own MCP configs (`mcp_config`), durable. */
export interface ConversationMCPConfigs {
  /** Settles when the stored configs are read back (never rejects: an unreadable one is left out). */
  readonly restored: Promise<void>;
  get(id: string): MCPConfig | undefined;
  /** Stores it (values sealed), holds it, and masks its values in the conversation from now on. */
  set(id: string, config: MCPConfig): Promise<void>;
  /** Drops it from memory: the conversation was deleted, and its stored config with it. */
  forget(id: string): void;
  /**
   * Reads the conversation's stored config again: another runtime on the same database may have
   * stored it after this one started (several runtimes).
   */
  refresh(id: string): Promise<void>;
}

/**
 * Every stored config is read once at start (`restored`; the service lets no request in before), so
 * its values are masked before anything of the conversation is written again. One that cannot be opened (the key file lost, the row damaged) is
 * left out with a warning: the conversation then has the global servers only.
 */
export function createConversationMCPConfigs(deps: {
  store: EventStore;
  secrets: SecretRegistry;
  sealer: SecretSealer;
  logger: RuntimeLogger;
}): ConversationMCPConfigs {
  const configs = new Map<string, MCPConfig>();
  const hold = (id: string, config: MCPConfig) => {
    configs.set(id, config);
    // Named with a "-", so masked everywhere but never handed to a terminal command.
    const values = mcpSecretValues(config.mcpServers ?? {});
    deps.secrets.setConversationSecrets(
      id,
      Object.fromEntries(values.map(({ name, value }) => [name, value])),
    );
  };
  const holdStored = (stored: Array<{ conversation_id: string; config: string }>) => {
    for (const { conversation_id: id, config } of stored) {
      try {
        hold(id, fromStoredMCPConfig(config, deps.sealer));
      } catch (error) {
        deps.logger.warn(
          "a conversation's MCP servers could not be read back; it runs with the global ones",
          {
            conversation_id: id,
            error,
          },
        );
      }
    }
  };
  const restored = deps.store
    .listMCPConfigs()
    .then(holdStored, (error: unknown) =>
      deps.logger.error("conversations' MCP servers not read back", { error }),
    );
  return {
    restored,
    get: (id) => configs.get(id),
    async set(id, config) {
      await deps.store.saveMCPConfig(id, toStoredMCPConfig(config, deps.sealer));
      hold(id, config);
    },
    forget: (id) => configs.delete(id),
    async refresh(id) {
      const stored = await deps.store.listMCPConfigs();
      holdStored(stored.filter((row) => row.conversation_id === id));
    },
  };
}
