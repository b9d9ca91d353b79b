import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfinedToolset } from '../../src/runtime/conversation/create-confined-toolset';
import type { LLM, LLMRequest } from '../../src/runtime/llm/llm';
import { createScriptedLLM } from '../../src/runtime/llm/scripted-llm';
import type { MCPServers } from '../../src/runtime/mcp/mcp-server-config';
import { everythingServer, filesystemServer } from '../../src/runtime/mcp/testing-servers';
import { DEFAULT_SANDBOX_SETTINGS } from '../../src/runtime/sandbox/sandbox-settings';
import { createInMemoryEventStore } from '../../src/runtime/store/in-memory-event-store';
import { sandboxStatus } from '../../src/runtime/sandbox/bubblewrap/sandbox-status';
import { benchConversationService } from './bench-conversation-service';
import type { BenchFigure } from './bench-figure';
import { summarizeSamples } from './summarize-samples';

const RUNS = 7;

/**
 * What MCP servers add to a conversation's start: the time from creating a conversation with a
 * message to run until its first model request (the step waits for every server to be listed), with
 * no server, one, and three real stdio servers (the reference `everything` server twice and the
 * `filesystem` server), started as the runtime starts them: in the conversation's sandbox when
 * bubblewrap works here. Runs take turns, so machine noise falls on both alike; the
 * ratio is taken per pair.
 */
export default async function mcpStartupBenchmark(): Promise<BenchFigure[]> {
  const root = await mkdtemp(join(tmpdir(), 'mcp-startup-bench-'));
  const dataDir = join(root, 'data');
  const workspace = join(root, 'workspace');
  await mkdir(dataDir, { recursive: true });
  await mkdir(workspace, { recursive: true });
  process.stderr.write(`  stdio servers: ${describeSandbox()}\n`);
  const three: MCPServers = {
    everything: everythingServer(),
    files: filesystemServer(workspace),
    more: everythingServer(),
  };
  try {
    const bare: number[] = [];
    const withOne: number[] = [];
    const withThree: number[] = [];
    const ratios: number[] = [];
    const one: MCPServers = { everything: everythingServer() };
    // One warm-up, not counted: the first start reads every module from disk.
    await timeToFirstModelRequest(dataDir, workspace, three);
    for (let run = 0; run < RUNS; run++) {
      const none = await timeToFirstModelRequest(dataDir, workspace, undefined);
      withOne.push(await timeToFirstModelRequest(dataDir, workspace, one));
      const servers = await timeToFirstModelRequest(dataDir, workspace, three);
      bare.push(none);
      withThree.push(servers);
      ratios.push(servers / none);
    }
    const ratioOfMedians = summarizeSamples(withThree).median / summarizeSamples(bare).median;
    process.stderr.write(`  median with 3 servers / median with none: ${ratioOfMedians.toFixed(1)}x\n`);
    return [
      { name: 'mcp: create to first model request, no MCP server', unit: 'ms', samples: bare },
      { name: 'mcp: create to first model request, 1 stdio MCP server', unit: 'ms', samples: withOne },
      { name: 'mcp: create to first model request, 3 stdio MCP servers', unit: 'ms', samples: withThree },
      { name: 'mcp: start-up with 3 stdio servers / with none (per pair)', unit: 'x', samples: ratios },
    ];
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function describeSandbox(): string {
  const status = sandboxStatus(process.env);
  return status.kind === 'sandboxed' ? 'in bubblewrap' : `without bubblewrap (${status.kind})`;
}

/** One conversation on a fresh service: created with a message to run, timed until the model is first asked. */
async function timeToFirstModelRequest(
  dataDir: string,
  workspace: string,
  servers: MCPServers | undefined,
): Promise<number> {
  let asked: (at: number) => void = () => undefined;
  const firstRequest = new Promise<number>((resolve) => {
    asked = resolve;
  });
  const scripted = createScriptedLLM({ turns: [], fallback: { text: 'Done.' } });
  const llm: LLM = {
    provider: scripted.provider,
    model: scripted.model,
    complete(request: LLMRequest) {
      if ((request.purpose ?? 'step') === 'step') asked(performance.now());
      return scripted.complete(request);
    },
  };
  const service = benchConversationService(createInMemoryEventStore(), llm, dataDir, {
    model: 'scripted-model',
    workspace,
    toolset: (request) =>
      createConfinedToolset({ dataDir, sandboxSettings: () => DEFAULT_SANDBOX_SETTINGS }, request),
  });
  try {
    const started = performance.now();
    const { info } = await service.create({
      max_iterations: 10,
      stuck_detection: false,
      initial_message: { role: 'user', content: [{ type: 'text', text: 'go' }], run: true },
      ...(servers ? { mcp_config: { mcpServers: servers } } : {}),
    });
    const at = await firstRequest;
    const status = servers ? await service.mcpStatus(info.id) : [];
    const notReady = status.filter((server) => server.state !== 'ready');
    if (notReady.length > 0)
      throw new Error(
        `MCP servers not ready: ${notReady.map((server) => `${server.name} ${server.reason}`)}`,
      );
    await service.delete(info.id);
    return at - started;
  } finally {
    await service.close();
  }
}
