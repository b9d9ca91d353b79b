import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import type { ConversationService } from '../../runtime/conversation/conversation-service';
import type { LLMConfig } from '../../runtime/llm/llm-config';
import type { LLM } from '../../runtime/llm/llm';
import type { LLMScript } from '../../runtime/llm/llm-script';
import { createScriptedLLM } from '../../runtime/llm/scripted-llm';
import { createSettingsStore, type SettingsStore } from '../../runtime/settings/settings-store';
import type { EventStore } from '../../runtime/store/event-store';
import { createInMemoryEventStore } from '../../runtime/store/in-memory-event-store';
import { type BuildServerOptions, buildServer } from '../http/build-server';
import type { ZodApp } from '../http/server-context';
import { createTestService } from './create-test-service';

export const TEST_SESSION_KEY = 'test-session-key-0123456789abcdef';
/** The ingress origin test servers accept in the Origin header, as the launcher would set it. */
export const TEST_INGRESS_ORIGIN = 'http://127.0.0.1:8000';

export interface TestServer {
  app: ZodApp;
  service: ConversationService;
  store: EventStore;
  settings: SettingsStore;
  dataDir: string;
  workspace: string;
  /** Headers with the session key, for inject(). */
  auth: { 'x-session-api-key': string };
  /** Listens on 127.0.0.1, a random port; returns the base URL (http://127.0.0.1:PORT). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** The model every conversation gets: by default one scripted LLM playing `script`, turn by turn across runs. */
  script?: LLMScript;
  createLLM?: (config: LLMConfig) => LLM;
  store?: EventStore;
  socket?: BuildServerOptions['socket'];
  logger?: FastifyServerOptions['logger'];
  /** Origins the runtime accepts (default: the ingress at TEST_INGRESS_ORIGIN). */
  allowedOrigins?: readonly string[];
  /** Extra env for the settings store (LLM_* are set to a scripted model by default). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The real server over the real conversation service, with the in-memory store, the scripted model
 * and a temp data dir and workspace: route and socket tests run the whole stack in-process.
 */
export async function createTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agent-workbench-server-'));
  const workspace = join(dataDir, 'workspace');
  await mkdir(workspace);
  const store = options.store ?? createInMemoryEventStore();
  const settings = createSettingsStore(dataDir, {
    LLM_PROVIDER: 'openai-compatible',
    LLM_MODEL: 'scripted-model',
    ...options.env,
  });
  const script = options.script ?? { turns: [], fallback: { text: 'Done.' } };
  const sharedLLM = createScriptedLLM(script);
  const createLLM = options.createLLM ?? (() => sharedLLM);
  const service = createTestService({ store, dataDir, workspace, settings, createLLM });
  const app = await buildServer({
    service,
    settings,
    createLLM,
    sessionKey: TEST_SESSION_KEY,
    version: '0.0.0-test',
    defaultWorkspace: workspace,
    logger: options.logger ?? false,
    allowedOrigins: options.allowedOrigins ?? [TEST_INGRESS_ORIGIN],
    ...(options.socket ? { socket: options.socket } : {}),
  });
  return {
    app,
    service,
    store,
    settings,
    dataDir,
    workspace,
    auth: { 'x-session-api-key': TEST_SESSION_KEY },
    async listen() {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('test server has no TCP address');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await app.close();
      await service.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
