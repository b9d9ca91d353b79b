import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONDENSER_OPTIONS } from '../context/condenser';
import { createTestToolset } from '../agent/testing/create-test-toolset';
import { DEFAULT_CONFIRMATION_POLICY, DEFAULT_SECURITY_ANALYZER } from '../events';
import { newConversation } from '../events/fixtures/event-builders';
import { createScriptedLLM } from '../llm/scripted-llm';
import { createNativeToolsMemory } from '../llm/text-tools/native-tools-memory';
import { createSecretRegistry } from '../secrets/create-secret-registry';
import { createSecretSealer } from '../secrets/secret-sealer';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { createInMemoryEventStore } from '../store/in-memory-event-store';
import { checkpointsDir, createConversationCheckpoints } from './conversation-checkpoints';
import { createConversationMCPConfigs } from './conversation-mcp-configs';
import { createConversationRegistry } from './conversation-registry';
import { observationsDir } from './observations-dir';
import { createRunQueue } from './run-queue';

const silent = { info() {}, warn() {}, error() {} };

/** A registry over real keepers (secrets, MCP configs, checkpoints, the in-memory store, files). */
async function realRegistry(dataDir: string, workspace: string) {
  const store = createInMemoryEventStore();
  const secrets = createSecretRegistry(
    () => [],
    () => ({}),
  );
  const mcpConfigs = createConversationMCPConfigs({
    store,
    secrets,
    sealer: createSecretSealer(dataDir),
    logger: silent,
  });
  const checkpoints = createConversationCheckpoints({ dataDir, create: undefined, logger: silent });
  const llm = createScriptedLLM({ turns: [] });
  const registry = createConversationRegistry({
    secrets,
    deps: {
      store,
      dataDir,
      defaultWorkspace: workspace,
      settings: () => ({
        llm: { provider: 'openai-compatible', model: 'scripted-model' },
        confirmation_policy: DEFAULT_CONFIRMATION_POLICY,
        security_analyzer: DEFAULT_SECURITY_ANALYZER,
        sandbox: DEFAULT_SANDBOX_SETTINGS,
        approval_rules: [],
      }),
      createLLM: () => llm,
      createToolset: () => createTestToolset(),
      secrets,
    },
    newId: () => crypto.randomUUID(),
    clock: () => new Date(),
    condenser: DEFAULT_CONDENSER_OPTIONS,
    toolConcurrencyLimit: 1,
    nativeTools: createNativeToolsMemory(),
    runSlots: createRunQueue({ limit: () => 8, now: () => new Date().toISOString(), grant: () => undefined }),
    mcpConfigs,
    onFirstUserMessage: () => undefined,
    checkpoints,
    logger: silent,
  });
  return { store, secrets, mcpConfigs, checkpoints, registry };
}

describe('a conversation as one object', () => {
  let dataDir: string;
  let workspace: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'resources-data-'));
    workspace = await mkdtemp(join(tmpdir(), 'resources-workspace-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(workspace, { recursive: true, force: true });
  });

  /** Gives the conversation one of every resource, each through the real object that keeps it. */
  async function holdingEverything(real: Awaited<ReturnType<typeof realRegistry>>, n: number) {
    const record = await real.store.createConversation(newConversation(n, { workspace_dir: workspace }));
    const id = record.id;
    await real.registry.acquire(id); // loaded (its toolset made), its skills read
    await real.registry.holdSandbox(id);
    const resources = real.registry.resourcesOf(id);
    resources.toldNotices.add('MCP server "broken" failed to start');
    resources.apiKey = 'sk-conversation-key';
    real.secrets.setConversationSecrets(id, { GITHUB_TOKEN: 'ghp_secret' });
    await real.mcpConfigs.set(id, { mcpServers: { local: { command: 'true' } } });
    await mkdir(observationsDir(dataDir, id), { recursive: true });
    await writeFile(join(observationsDir(dataDir, id), 'output.txt'), 'long output');
    await mkdir(checkpointsDir(dataDir, id), { recursive: true });
    await real.checkpoints.exclusive(id, async () => undefined);
    return { id, resources };
  }

  it('dispose releases every resource it owns, and the test gives it one of each', async () => {
    const real = await realRegistry(dataDir, workspace);
    const { id, resources } = await holdingEverything(real, 1);
    // Every resource in the table holds something: a resource added without a way to fill it here fails.
    expect(resources.held()).toEqual(resources.names());
    expect(resources.names().length).toBe(8);

    await real.registry.remove(id, async () => {
      await real.store.deleteConversation(id);
    });

    expect(resources.held()).toEqual([]);
    expect(real.registry.loaded(id)).toBeUndefined();
    expect(real.registry.resourcesOf(id)).not.toBe(resources);
  });

  it('a failed removal keeps the conversation and what it holds after its rows', async () => {
    const real = await realRegistry(dataDir, workspace);
    const { id, resources } = await holdingEverything(real, 2);
    const refused = real.registry.remove(id, async () => {
      throw new Error('folder in use');
    });
    await expect(refused).rejects.toThrow('folder in use');
    // Unloaded, skills and notices dropped; the key, secrets, config and files stay to try again.
    expect(resources.held()).toEqual(['apiKey', 'secrets', 'mcpConfig', 'observations', 'checkpoints']);
    expect(real.registry.resourcesOf(id)).toBe(resources);
  });

  it('fork copies the key, secrets, MCP config and checkpoints; a sub-agent gets all but the checkpoints', async () => {
    const real = await realRegistry(dataDir, workspace);
    const { resources } = await holdingEverything(real, 3);
    const rowOf = async (n: number) =>
      (await real.store.createConversation(newConversation(n, { workspace_dir: workspace }))).id;
    const fork = real.registry.resourcesOf(await rowOf(30));
    await resources.fork(fork, { checkpoints: true });
    expect(fork.held()).toEqual(['apiKey', 'secrets', 'mcpConfig', 'checkpoints']);
    expect(fork.apiKey).toBe('sk-conversation-key');

    const child = real.registry.resourcesOf(await rowOf(31));
    await resources.fork(child, { checkpoints: false });
    expect(child.held()).toEqual(['apiKey', 'secrets', 'mcpConfig']);
  });
});
