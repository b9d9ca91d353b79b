import type { WorkspaceConfinement } from '../../runtime/sandbox/workspace-confinement';
import { dirname } from 'node:path';
import { createUpstreamSettingsStore } from '../../runtime/settings/upstream-settings-store';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ConversationService } from '../../runtime/conversation/conversation-service';
import type { LLMConfig } from '../../runtime/llm/llm-config';
import type { LLM } from '../../runtime/llm/llm';
import type { SecretRegistry } from '../../runtime/secrets/create-secret-registry';
import { createSavedSecrets, type SavedSecrets } from '../../runtime/secrets/saved-secrets';
import type { SettingsStore } from '../../runtime/settings/settings-store';
import { acceptEmptyJsonBody } from './accept-empty-json-body';
import { answerFrameworkError, installErrorHandler } from './error-handler';
import { closeBrokenSocket } from '../socket/close-broken-socket';
import { SOCKET_MAX_PAYLOAD_BYTES } from '../socket/socket-frame-limit';
import { installRequestGuards } from './install-request-guards';
import { ServiceUnavailableError } from './error-catalogue';
import { createAgentProfileStore } from '../../runtime/settings/agent-profile-store';
import { createLLMProfileStore } from '../../runtime/settings/llm-profile-store';
import { openApiDocument } from '../../openapi/openapi-document';
import { recordOpenApiRoutes } from '../../openapi/record-openapi-routes';
import { runtimeDocumentDescription } from '../openapi/runtime-document-description';
import { isProtectedPath, requireSessionKey } from './require-session-key';
import { registerCheckpointRoutes } from '../routes/checkpoint-routes';
import { registerConversationRoutes } from '../routes/conversation-routes';
import { registerEventRoutes } from '../routes/event-routes';
import { registerExportRoute } from '../routes/export-route';
import { registerHealthRoutes } from '../routes/health-routes';
import { registerOwnerRoute } from '../routes/owner-route';
import { registerSkillRoutes } from '../routes/skill-routes';
import { registerWorkspaceHooksRoutes } from '../routes/workspace-hooks-routes';
import { registerMCPRoutes } from '../routes/mcp-routes';
import { registerPreviewRoutes } from '../routes/preview-routes';
import type { PreviewSite } from '../preview/preview-site';
import { registerOutputRoutes } from '../routes/output-routes';
import { registerRunControlRoutes } from '../routes/run-control-routes';
import { registerSecretsRoutes } from '../routes/secrets-routes';
import { registerSettingsRoutes } from '../routes/settings-routes';
import { registerSavedSecretsRoutes } from '../routes/saved-secrets-routes';
import { registerUpstreamSecretsRoutes } from '../upstream/routes/upstream-secrets-routes';
import { registerUpstreamAgentProfileRoutes } from '../upstream/routes/upstream-agent-profile-routes';
import { registerUpstreamProfileRoutes } from '../upstream/routes/upstream-profile-routes';
import { registerUpstreamProfileValidateRoute } from '../upstream/routes/upstream-profile-validate-route';
import { registerUpstreamSettingsRoutes } from '../upstream/routes/upstream-settings-routes';
import { registerUpstreamWorkspacesRoutes } from '../upstream/routes/upstream-workspaces-routes';
import { registerUpstreamUnservedFeatureRoutes } from '../upstream/routes/upstream-unserved-feature-routes';
import { registerModelContextRoute } from '../routes/model-context-route';
import { registerModelRoutes } from '../routes/model-routes';
import { registerUpstreamConversationRoutes } from '../upstream/routes/upstream-conversation-routes';
import { registerBashRoutes } from '../routes/workspace-bash-routes';
import { closeWorkspaceCommands } from '../process/workspace-commands';
import { registerFileRoutes } from '../routes/workspace-file-routes';
import { registerTrajectoryRoute } from '../routes/trajectory-route';
import { registerGitRoutes } from '../routes/workspace-git-routes';
import { registerConversationWorkspaceRoutes } from '../routes/conversation-workspace-routes';
import { registerWorkspaceSessionRoutes, workspaceSessionPass } from '../routes/workspace-session-routes';
import { createWorkspaceSessionTokens } from './workspace-session-token';
import { registerToolsRoutes } from '../routes/tools-routes';
import { recordRoutes } from './route-table';
import { ALLOWED_ORIGINS_ENV, parseAllowedOrigins } from './runtime-request-guards';
import type { ServerContext, ZodApp } from './server-context';
import { AUTOMATION_KEY_ENV, createSessionKeyCheck } from '../process/session-key';
import { registerSessionSocket, type SessionSocketOptions } from '../socket/register-session-socket';
import { registerUpstreamEventsSocket } from '../upstream/socket/register-upstream-events-socket';
import { registerBashEventsSocket } from '../socket/bash-events-socket';
import { registerTerminalSocket } from '../socket/register-terminal-socket';
import { withSessionKeyRedaction } from '../upstream/socket/upstream-log-redaction';
import { zodCompilersFactory, zodSerializerCompiler, zodValidatorCompiler } from './zod-schema-compilers';
import type { ZodTypeProvider } from './zod-type-provider';

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_USABLE_TOOLS = [
  'terminal',
  'file_editor',
  'grep',
  'glob',
  'list_dir',
  'apply_patch',
  'task_tracker',
  'think',
  'finish',
  'task',
];

export interface BuildServerOptions {
  /** The runtime. Absent: the probes, settings and OpenAPI work; conversation routes answer 503. */
  service?: ConversationService;
  settings: SettingsStore;
  /** Builds a model client for POST /api/settings/test_connection (the runtime's own adapter). */
  createLLM?: (config: LLMConfig) => LLM;
  sessionKey: string;
  version: string;
  defaultWorkspace: string;
  /** The runtime's data dir: never readable, writable or runnable through the workspace API. */
  dataDir?: string;
  /** Masks secrets in what the workspace API answers (command output, file names). */
  secrets?: SecretRegistry;
  /** The person's saved secrets. Default: `secrets.json` beside settings.json. */
  savedSecrets?: SavedSecrets;
  startedAt?: Date;
  usableTools?: readonly string[];
  logger?: FastifyServerOptions['logger'];
  /** Milliseconds since the epoch (default Date.now). */
  now?: () => number;
  socket?: Partial<SessionSocketOptions>;
  /**
   * Origins whose pages may call the runtime (a present Origin header must be one of them), e.g.
   * `http://127.0.0.1:8000`. Default: AGENT_WORKBENCH_ALLOWED_ORIGINS, which the launcher sets to the
   * ingress's origins; read here because runtime-process.ts and runtime-env.ts do not carry it yet.
   */
  allowedOrigins?: readonly string[];
  /**
   * The automation service's key, accepted on the REST routes like the session key (not on the
   * sockets: the service never opens one). Default: AGENT_WORKBENCH_AUTOMATION_KEY, set by the launcher.
   */
  automationKey?: string;
  /** The preview origin's names (start-runtime.ts serves it); absent: no preview. */
  preview?: PreviewSite;
  /**
   * How the workspace API's commands and git calls are confined: in the runtime's default sandbox
   * (a container of their own each on a docker runtime). Absent: bubblewrap with the settings' rules.
   */
  workspaceConfinement?: () => WorkspaceConfinement;
}

/**
 * The runtime's HTTP and WebSocket face as a fastify app, ready but not listening: tests use
 * `inject()`, start-runtime.ts calls `listen()`, scripts/gen-api.ts reads `openApiDocument(app)`. Resolves once every
 * route is registered.
 */
export async function buildServer(options: BuildServerOptions): Promise<ZodApp> {
  const app = Fastify({
    logger: withSessionKeyRedaction(options.logger ?? false),
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    schemaController: { compilersFactory: zodCompilersFactory },
  }).withTypeProvider<ZodTypeProvider>();
  recordRoutes(app);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  installErrorHandler(app);
  acceptEmptyJsonBody(app);
  installRequestGuards(
    app,
    parseAllowedOrigins((options.allowedOrigins ?? [process.env[ALLOWED_ORIGINS_ENV] ?? '']).join(',')),
  );

  const context = createContext(options);
  app.addHook('onRequest', async (request) => {
    // Probes (the launcher polls /server_info) are not activity; API calls and sockets are.
    if (isProtectedPath(request.url) || request.url.startsWith('/sockets/')) context.touch();
  });
  const workspaceSessions = createWorkspaceSessionTokens(options.sessionKey, context.now);
  requireSessionKey(
    app,
    createSessionKeyCheck(options.sessionKey, options.automationKey ?? process.env[AUTOMATION_KEY_ENV]),
    workspaceSessionPass(workspaceSessions),
  );

  recordOpenApiRoutes(app, runtimeDocumentDescription(options.version));
  await app.register(websocket, {
    options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES },
    errorHandler: closeBrokenSocket,
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => openApiDocument(app));
  registerHealthRoutes(app, context);
  registerSettingsRoutes(app, context);
  registerUpstreamSettingsRoutes(app);
  registerSavedSecretsRoutes(app, context);
  registerUpstreamSecretsRoutes(app, context);
  registerUpstreamWorkspacesRoutes(app, context);
  registerUpstreamUnservedFeatureRoutes(app);
  registerUpstreamProfileRoutes(app, context);
  registerUpstreamProfileValidateRoute(app, context);
  registerUpstreamAgentProfileRoutes(app, context);
  registerModelRoutes(app, context);
  registerModelContextRoute(app, context);
  registerConversationRoutes(app, context);
  registerRunControlRoutes(app, context);
  registerEventRoutes(app, context);
  registerExportRoute(app, context);
  registerSecretsRoutes(app, context);
  registerUpstreamConversationRoutes(app, context);
  registerBashRoutes(app, context);
  // The bash routes and the bash-events socket share one server's commands; closing kills them.
  app.addHook('onClose', async () => {
    await closeWorkspaceCommands(context);
  });
  registerFileRoutes(app, context);
  registerTrajectoryRoute(app, context);
  registerGitRoutes(app, context);
  registerWorkspaceSessionRoutes(app, workspaceSessions);
  registerConversationWorkspaceRoutes(app, context);
  registerCheckpointRoutes(app, context);
  registerOutputRoutes(app, context);
  registerSkillRoutes(app, context);
  registerWorkspaceHooksRoutes(app, context);
  registerMCPRoutes(app, context);
  registerPreviewRoutes(app, context);
  registerToolsRoutes(app, context);
  registerOwnerRoute(app, context);
  registerSessionSocket(app, context, createSessionKeyCheck(options.sessionKey), options.socket);
  registerUpstreamEventsSocket(app, context, createSessionKeyCheck(options.sessionKey), options.socket);
  registerBashEventsSocket(app, context, createSessionKeyCheck(options.sessionKey));
  registerTerminalSocket(app, context, createSessionKeyCheck(options.sessionKey));

  await app.ready();
  return app;
}

function createContext(options: BuildServerOptions): ServerContext {
  const now = options.now ?? Date.now;
  let lastActivity = now();
  return {
    service() {
      if (!options.service) throw new ServiceUnavailableError();
      return options.service;
    },
    settings: options.settings,
    upstreamSettings: createUpstreamSettingsStore(dirname(options.settings.path)),
    savedSecrets: options.savedSecrets ?? createSavedSecrets(dirname(options.settings.path)),
    llmProfiles: createLLMProfileStore(dirname(options.settings.path)),
    agentProfiles: createAgentProfileStore(dirname(options.settings.path)),
    createLLM: options.createLLM,
    defaultWorkspace: options.defaultWorkspace,
    dataDir: options.dataDir,
    secrets: options.secrets,
    preview: options.preview,
    ...(options.workspaceConfinement ? { workspaceConfinement: options.workspaceConfinement } : {}),
    version: options.version,
    startedAt: options.startedAt ?? new Date(now()),
    usableTools: options.usableTools ?? DEFAULT_USABLE_TOOLS,
    now,
    touch() {
      lastActivity = now();
    },
    lastActivity: () => lastActivity,
  };
}
