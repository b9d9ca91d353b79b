import { toolConcurrencyLimit } from './tool-concurrency-limit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConversationService } from '../../runtime/conversation/conversation-service';
import { createCheckpointStore } from '../../runtime/checkpoints/create-checkpoint-store';
import { createConfinedToolset } from '../../runtime/conversation/create-confined-toolset';
import { createRuntimeSandboxes } from '../../runtime/sandbox/runtime-sandboxes';
import type { WorkspaceConfinement } from '../../runtime/sandbox/workspace-confinement';
import { createConversationService } from '../../runtime/conversation/create-conversation-service';
import { withUpstreamInfo } from '../../runtime/upstream/upstream-info';
import { createLazyAiSdkLLM } from './lazy-ai-sdk-llm';
import { createSecretRegistry, type SecretRegistry } from '../../runtime/secrets/create-secret-registry';
import { runtimeSecrets } from '../../runtime/secrets/runtime-secrets';
import { createSavedSecrets, type SavedSecrets } from '../../runtime/secrets/saved-secrets';
import {
  createPrivateFile,
  tightenDataDirPermissions,
} from '../../runtime/secrets/tighten-data-dir-permissions';
import type { SettingsStore } from '../../runtime/settings/settings-store';
import type { EventStore } from '../../runtime/store/event-store';
import { openSqliteEventStore } from '../../runtime/store/sqlite-event-store';

export interface CorruptRow {
  conversationId: string;
  seq: number;
  error: string;
}

export interface RuntimeService {
  service: ConversationService;
  store: EventStore;
  /** The runtime's secrets: masked before anything is stored, streamed or shown. */
  secrets: SecretRegistry;
  /** The person's saved secrets (`<data-dir>/secrets.json`), the same the registry masks. */
  savedSecrets: SavedSecrets;
  /** How the workspace API's commands and git calls are confined: the runtime's default sandbox now. */
  workspaceConfinement(): WorkspaceConfinement;
  /** Stops every run, then closes the database. */
  close(): Promise<void>;
}

/**
 * The production wiring: the SQLite store in `<data-dir>/workbench.db` (or the PostgreSQL database at
 * `databaseUrl`), the AI SDK adapter, the real
 * tools, settings read on every use, and the secret registry (the settings' and env API keys, the
 * session key). First tightens the data dir to 0700 and its secret files to 0600, one notice per
 * change, and creates the database 0600 so its WAL is never readable by others either.
 * Throws StoreError when the database cannot be opened.
 */
export async function createRuntimeService(options: {
  dataDir: string;
  /** postgres://…: conversations in that database; absent: the data dir's SQLite file. */
  databaseUrl?: string | undefined;
  defaultWorkspace: string;
  settings: SettingsStore;
  onCorruptRow: (info: CorruptRow) => void;
  modelTitles?: boolean;
  /** Default: AGENT_WORKBENCH_SESSION_KEY, else `<data-dir>/session-key`. Masked like an API key. */
  sessionKey?: string;
  /** Where permission notices go, one line each. Default: stderr. */
  onNotice?: (line: string) => void;
  /** With `databaseUrl`: this runtime's lease owner id and lease time (defaults: a fresh id, 15 s). */
  leases?: { owner?: string; ttlMs?: number; ownerUrl?: string };
}): Promise<RuntimeService> {
  const notice = options.onNotice ?? ((line: string) => process.stderr.write(`${line}\n`));
  const shared = options.databaseUrl
    ? await (await import('./open-shared-database')).openSharedDatabase(
        options.databaseUrl,
        options.onCorruptRow,
        options.leases ?? {},
      )
    : undefined;
  const store = shared?.store ?? openSqliteStore(options.dataDir, options.onCorruptRow, notice);
  if (options.databaseUrl) for (const line of tightenDataDirPermissions(options.dataDir)) notice(line);
  const sessionKey = options.sessionKey ?? readSessionKey(options.dataDir);
  const savedSecrets = createSavedSecrets(options.dataDir);
  const secrets = createSecretRegistry(
    () => [
      ...runtimeSecrets({ settingsKeys: options.settings.apiKeys(), env: process.env, sessionKey }),
      ...options.settings.mcpSecrets(),
    ],
    () => savedSecrets.values(),
  );
  const sandboxes = createRuntimeSandboxes({
    dataDir: options.dataDir,
    defaultWorkspace: options.defaultWorkspace,
    sandboxSettings: () => options.settings.current().sandbox,
    hasDockerConversations: async () => (await store.countConversations({ sandbox: 'docker' })) > 0,
    ...(process.env.AGENT_WORKBENCH_RUNTIME_NAME
      ? { runtimeName: process.env.AGENT_WORKBENCH_RUNTIME_NAME }
      : {}),
  });
  // Containers a killed run left behind; a runtime on bubblewrap whose store holds no docker
  // conversation leaves the Docker client unloaded.
  const swept = await sandboxes.sweep();
  if (swept > 0) notice(`Removed ${swept} sandbox container(s) a previous run left behind.`);
  const service = createConversationService(
    {
      store,
      dataDir: options.dataDir,
      defaultWorkspace: options.defaultWorkspace,
      settings: () => options.settings.current(),
      addGlobalApprovalRule: (rule) => options.settings.addApprovalRule(rule),
      createLLM: createLazyAiSdkLLM,
      // Upstream's fields of every answer (`agent`, `stats.usage_to_metrics`) come from its edge.
      decorateInfo: withUpstreamInfo,
      createToolset: (request) =>
        createConfinedToolset(
          {
            dataDir: options.dataDir,
            sandboxSettings: () => options.settings.current().sandbox,
            docker: sandboxes.docker,
          },
          request,
        ),
      createCheckpointStore: (request) =>
        createCheckpointStore({
          shadowDir: request.shadowDir,
          workspaceDir: request.workspaceDir,
          confinement: sandboxes.confinement(request.sandbox),
          conversationId: request.conversationId,
          ...(request.logger ? { logger: request.logger } : {}),
        }),
      // The sandbox rules as the settings say now, in the conversation's sandbox (a store keeps the rules it was made with).
      workspaceConfinement: (sandbox) => sandboxes.confinement(sandbox),
      secrets,
      ...(shared ? { leases: shared.leases, appendFeed: shared.appendFeed } : {}),
    },
    {
      modelTitles: options.modelTitles ?? true,
      toolConcurrencyLimit: toolConcurrencyLimit(process.env.AGENT_WORKBENCH_TOOL_CONCURRENCY),
    },
  );
  return {
    service,
    store,
    secrets,
    savedSecrets,
    workspaceConfinement: () => sandboxes.confinement(),
    async close() {
      try {
        await service.close();
        // Its conversations' containers (and a git call's cut short) go with the runtime.
        await sandboxes.sweep();
      } finally {
        await store.close();
      }
    },
  };
}

/** `<data-dir>/workbench.db`, created 0600 so its WAL is never readable by others either. */
function openSqliteStore(
  dataDir: string,
  onCorruptRow: (info: CorruptRow) => void,
  notice: (line: string) => void,
): EventStore {
  const databasePath = join(dataDir, 'workbench.db');
  createPrivateFile(databasePath);
  for (const line of tightenDataDirPermissions(dataDir)) notice(line);
  const store = openSqliteEventStore(databasePath, { onCorruptRow });
  // The WAL and shared-memory files appear on open; SQLite gives them the database's mode, but a
  // file left by an older version may be wider.
  for (const line of tightenDataDirPermissions(dataDir)) notice(line);
  return store;
}

function readSessionKey(dataDir: string): string | undefined {
  const fromEnv = process.env.AGENT_WORKBENCH_SESSION_KEY?.trim();
  if (fromEnv) return fromEnv;
  try {
    return readFileSync(join(dataDir, 'session-key'), 'utf8').trim() || undefined;
  } catch {
    return undefined; // neither env nor file: the caller passes the key through options.sessionKey
  }
}
