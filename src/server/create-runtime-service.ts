import { join } from 'node:path';
import type { ConversationService } from '../runtime/conversation/conversation-service';
import { createConversationService } from '../runtime/conversation/create-conversation-service';
import { createAiSdkLLM } from '../runtime/llm/create-ai-sdk-llm';
import type { SettingsStore } from '../runtime/settings/settings-store';
import type { EventStore } from '../runtime/store/event-store';
import { openSqliteEventStore } from '../runtime/store/sqlite-event-store';
import { createToolset } from '../runtime/tools/create-toolset';

export interface CorruptRow {
  conversationId: string;
  seq: number;
  error: string;
}

export interface RuntimeService {
  service: ConversationService;
  store: EventStore;
  /** Stops every run, then closes the database. */
  close(): Promise<void>;
}

/**
 * The production wiring: the SQLite store in `<data-dir>/workbench.db`, the AI SDK adapter, the real
 * tools, settings read on every use. Throws StoreError when the database cannot be opened.
 */
export function createRuntimeService(options: {
  dataDir: string;
  defaultWorkspace: string;
  settings: SettingsStore;
  onCorruptRow: (info: CorruptRow) => void;
  modelTitles?: boolean;
}): RuntimeService {
  const store = openSqliteEventStore(join(options.dataDir, 'workbench.db'), {
    onCorruptRow: options.onCorruptRow,
  });
  const service = createConversationService(
    {
      store,
      dataDir: options.dataDir,
      defaultWorkspace: options.defaultWorkspace,
      settings: () => options.settings.current(),
      createLLM: (config) => createAiSdkLLM(config),
      createToolset,
    },
    { modelTitles: options.modelTitles ?? true },
  );
  return {
    service,
    store,
    async close() {
      try {
        await service.close();
      } finally {
        store.close();
      }
    },
  };
}
