import { mkdir, mkdtemp, readdir, readFile, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObservationEvent } from '../events';
import { bwrapPath, everythingServer } from '../mcp/testing-servers';
import { withMCPTools } from '../mcp/with-mcp-tools';
import type { LLMScript } from '../llm/llm-script';
import type { RuntimeLogger } from '../logging/runtime-logger';
import { openSqliteEventStore } from '../store/sqlite-event-store';
import { createToolset } from '../tools/create-toolset';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

const OWN_TOKEN = 'own-mcp-token-93c1e7a2f0';
const HEADER_TOKEN = 'Bearer header-token-5d28b0c4e6';

let directory: string;
let dataDir: string;
const open: ServiceHarness[] = [];
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mcp-config-restart-'));
  dataDir = join(directory, 'data');
  await mkdir(dataDir);
  await mkdir(join(directory, 'workspace'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((harness) => harness.close()));
  await rm(directory, { recursive: true, force: true });
});

/** A runtime on the SQLite file of the data dir: the real tools and the real reference MCP servers. */
async function startRuntime(
  script: LLMScript = { turns: [{ text: 'done' }] },
  logger?: RuntimeLogger,
): Promise<ServiceHarness> {
  const store = openSqliteEventStore(join(directory, 'workbench.db'));
  const harness = await createServiceHarness({
    store,
    ...(logger ? { logger } : {}),
    dataDir,
    workspace: join(directory, 'workspace'),
    mcpServers: { everything: everythingServer() },
    script,
    createToolset: (request) =>
      withMCPTools(createToolset({ ...request, sandbox: false }), request.mcpServers, {
        workspaceDir: request.workspaceDir,
        readOnlyDir: request.workspaceDir,
        dataDir,
        bwrapPath,
      }),
  });
  open.push(harness);
  return harness;
}

/** Every byte SQLite wrote: the database, its WAL and shared memory. */
async function storedBytes(): Promise<string> {
  const names = (await readdir(directory)).filter((name) => name.startsWith('workbench.db'));
  const contents = await Promise.all(names.map((name) => readFile(join(directory, name))));
  return Buffer.concat(contents).toString('latin1');
}

describe("a conversation's own MCP servers across a runtime restart", () => {
  it('start again as configured, with their secret values, which the database never held', async () => {
    const first = await startRuntime();
    const id = await first.create({
      mcp_config: {
        mcpServers: {
          mine: everythingServer({ env: { OWN_TOKEN } }),
          remote: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: HEADER_TOKEN }, enabled: false },
        },
        disabled_global: ['everything'],
      },
    });
    await restart(first);

    const bytes = await storedBytes();
    expect(bytes).toContain('mcp-mine-OWN_TOKEN');
    for (const secret of [OWN_TOKEN, HEADER_TOKEN, 'header-token-5d28b0c4e6']) {
      expect(bytes).not.toContain(secret);
      expect(bytes).not.toContain(Buffer.from(secret).toString('base64'));
    }

    const second = await startRuntime({
      turns: [{ tool_calls: [{ name: 'mine__get-env', arguments: {} }] }, { text: 'done' }],
    });
    const status = await second.service.mcpStatus(id);
    expect(
      status.map(({ name, state, source, disabled_by }) => ({ name, state, source, disabled_by })),
    ).toEqual([
      { name: 'everything', state: 'disabled', source: 'settings', disabled_by: 'conversation' },
      { name: 'mine', state: 'ready', source: 'conversation', disabled_by: undefined },
      { name: 'remote', state: 'disabled', source: 'conversation', disabled_by: 'conversation' },
    ]);
    // The server got the real value back (it prints its environment), and it is masked in the log.
    await second.say(id, 'print the environment');
    expect(await second.settled(id, 30_000)).toBe('finished');
    const [observation] = (await second.kinds(id, 'ObservationEvent')) as ObservationEvent[];
    const printed = JSON.stringify(observation?.observation);
    expect(printed).toContain('OWN_TOKEN');
    expect(printed).toContain('‹secret:mcp-mine-OWN_TOKEN›');
    expect(printed).not.toContain(OWN_TOKEN);
  }, 60_000);

  it('a change of the global servers it leaves off is kept too, and a deleted conversation leaves nothing', async () => {
    const first = await startRuntime();
    const id = await first.create();
    await first.service.setDisabledGlobalMCPServers(id, ['everything']);
    const kept = await first.create({ mcp_config: { mcpServers: { mine: everythingServer() } } });
    await restart(first);

    const second = await startRuntime();
    expect(await second.service.mcpStatus(id)).toEqual([
      expect.objectContaining({ name: 'everything', state: 'disabled', disabled_by: 'conversation' }),
    ]);
    await second.service.delete(kept);
    await second.service.delete(id);
    expect(await second.store.listMCPConfigs()).toEqual([]);
  }, 60_000);

  it('a fork keeps them; with the key file lost a conversation runs on the global servers, and says so', async () => {
    const first = await startRuntime();
    const id = await first.create({
      mcp_config: { mcpServers: { mine: everythingServer({ env: { OWN_TOKEN } }) } },
    });
    const fork = (await first.service.fork(id, { reset_metrics: true })).id;
    await restart(first);

    const second = await startRuntime();
    const names = async (conversation: string, harness: ServiceHarness) =>
      (await harness.service.mcpStatus(conversation)).map(({ name, state }) => `${name} ${state}`);
    expect(await names(fork, second)).toEqual(['everything ready', 'mine ready']);
    await restart(second);

    await unlink(join(dataDir, 'secrets.key'));
    const warnings: string[] = [];
    const logger: RuntimeLogger = {
      warn: (message, fields) => warnings.push(`${fields?.conversation_id}: ${message}`),
      error: (message) => warnings.push(message),
    };
    const third = await startRuntime(undefined, logger);
    expect(await names(id, third)).toEqual(['everything ready']);
    expect(warnings).toEqual([
      expect.stringMatching(new RegExp(`^${id}: .*MCP servers could not be read back`)),
      expect.stringMatching(new RegExp(`^${fork}: .*MCP servers could not be read back`)),
    ]);
  }, 60_000);
});

/** Stops a runtime and closes its database, as a shutdown does. */
async function restart(harness: ServiceHarness): Promise<void> {
  await harness.close();
  open.splice(open.indexOf(harness), 1);
  await harness.store.close();
}
