import type { AgentProfileStore } from '../../runtime/settings/agent-profile-store';
import type { LLMProfileStore } from '../../runtime/settings/llm-profile-store';
import type { UpstreamSettingsStore } from '../../runtime/settings/upstream-settings-store';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ConversationService } from '../../runtime/conversation/conversation-service';
import type { LLMConfig } from '../../runtime/llm/llm-config';
import type { LLM } from '../../runtime/llm/llm';
import type { SecretRegistry } from '../../runtime/secrets/create-secret-registry';
import type { SavedSecrets } from '../../runtime/secrets/saved-secrets';
import type { SettingsStore } from '../../runtime/settings/settings-store';
import type { PreviewSite } from '../preview/preview-site';
import type { WorkspaceConfinement } from '../../runtime/sandbox/workspace-confinement';
import type { ZodTypeProvider } from './zod-type-provider';

export type ZodApp = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What route groups share: the runtime behind them and a few facts about the process. */
export interface ServerContext {
  /** Throws ServiceUnavailableError when the server was built without a conversation service. */
  service(): ConversationService;
  settings: SettingsStore;
  /** Upstream's settings documents, beside settings.json in the data dir. */
  upstreamSettings: UpstreamSettingsStore;
  /** The person's named secrets, kept sealed in the data dir; values never leave through a route. */
  savedSecrets: SavedSecrets;
  /** Upstream's named LLM profiles (`<data-dir>/llm-profiles.json`). */
  llmProfiles: LLMProfileStore;
  /** Upstream's agent profiles and their active pointer (`<data-dir>/agent-profiles.json`). */
  agentProfiles: AgentProfileStore;
  /** For the connection test; absent: that route answers 503. */
  createLLM: ((config: LLMConfig) => LLM) | undefined;
  defaultWorkspace: string;
  /** Absent in tests that build a server without a data dir: the workspace API then answers 503. */
  dataDir: string | undefined;
  secrets: SecretRegistry | undefined;
  version: string;
  startedAt: Date;
  usableTools: readonly string[];
  /** Milliseconds since the epoch; injectable so uptime and idle time are testable. */
  now(): number;
  /** The preview origin's names; absent: this runtime serves no preview. */
  preview: PreviewSite | undefined;
  /** The workspace API's confinement in the runtime's default sandbox; absent: bubblewrap (workspace-bash-routes.ts). */
  workspaceConfinement?: () => WorkspaceConfinement;
  /** Marks API activity, for `idle_time`. */
  touch(): void;
  lastActivity(): number;
}
