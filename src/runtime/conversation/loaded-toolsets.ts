import type { MCPServerStatus } from '../mcp/start-mcp-servers';
import type { ConversationSandbox } from '../tools/conversation-sandbox';
import type { LoadedConversation } from './load-conversation';
import { RuntimeError } from '../errors/runtime-error';

/** The toolsets of loaded conversations: their MCP servers, restart, and sandbox. */
export function createLoadedToolsets(ports: {
  /** The loaded conversation, if it is. */
  loadedOf(id: string): LoadedConversation | undefined;
  acquire(id: string): Promise<unknown>;
  release(id: string): void;
}) {
  const { acquire, release } = ports;
  /** The loaded conversation; throws when it is not (the caller acquired it). */
  function loadedOrThrow(id: string, asked: string): LoadedConversation {
    const loaded = ports.loadedOf(id);
    if (!loaded) throw new Error(`${asked}: conversation ${id} is not acquired`);
    return loaded;
  }
  return {
    loadedOrThrow,
    /**
     * The conversation's MCP servers once each is listed or failed: loads it (starting its servers)
     * when it is not loaded, and drops it again if nothing else holds it.
     */
    async mcpStatus(id: string): Promise<MCPServerStatus[]> {
      await acquire(id);
      try {
        const toolset = loadedOrThrow(id, 'mcpStatus').toolset();
        await toolset.ready?.();
        return toolset.mcpStatus?.() ?? [];
      } finally {
        release(id);
      }
    },
    /**
     * Closes the conversation's tools so the next use starts them from the settings and its
     * `mcp_config` as they are now. Throws conversation_already_running while a run goes.
     */
    async restartTools(id: string): Promise<void> {
      const loaded = ports.loadedOf(id);
      if (!loaded) return;
      if (loaded.live.isRunning())
        throw new RuntimeError(
          'conversation_already_running',
          "MCP servers can't be changed while the agent is running. Pause it or wait until it stops.",
        );
      const toolset = loaded.createdToolset();
      loaded.forgetToolset();
      await toolset?.close();
    },
    /**
     * Holds the conversation loaded (its tools with it) until `release`, and answers its sandbox.
     * Throws conversation_not_found.
     */
    async holdSandbox(id: string): Promise<{ sandbox: ConversationSandbox | undefined; release(): void }> {
      await acquire(id);
      let released = false;
      return {
        sandbox: loadedOrThrow(id, 'holdSandbox').toolset().sandbox,
        release: () => {
          if (released) return;
          released = true;
          release(id);
        },
      };
    },
    /** The sandbox of a loaded conversation whose tools exist; never loads one. */
    loadedSandbox(id: string): ConversationSandbox | undefined {
      return ports.loadedOf(id)?.createdToolset()?.sandbox;
    },
  };
}
