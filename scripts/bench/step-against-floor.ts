import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCheckpointStore } from '../../src/runtime/checkpoints/create-checkpoint-store';
import type { ChatMessage, LLM } from '../../src/runtime/llm/llm';
import type { LLMScript } from '../../src/runtime/llm/llm-script';
import { createScriptedLLM } from '../../src/runtime/llm/scripted-llm';
import { newConversation } from '../../src/runtime/events/fixtures/event-builders';
import { DEFAULT_SANDBOX_SETTINGS } from '../../src/runtime/sandbox/sandbox-settings';
import { openSqliteEventStore } from '../../src/runtime/store/sqlite-event-store';
import { createToolset } from '../../src/runtime/tools/create-toolset';
import { workspaceConfinement } from '../../src/runtime/sandbox/workspace-confinement';
import type { ConversationService } from '../../src/runtime/conversation/conversation-service';
import { benchConversationService } from './bench-conversation-service';

/**
 * One agent step (an `echo` through the sandboxed terminal, an instant scripted model, a SQLite
 * store) timed from one model call to the next: in the least loop that does the same work (the
 * floor) and in the framework with checkpoints on. Every sample includes the terminal's round trip.
 */

export const STEPS = 50;

export function echoScript(): LLMScript {
  const turns = Array.from({ length: STEPS - 1 }, (_, index) => ({
    text: `Step ${index}.`,
    tool_calls: [{ id: `call_${index}`, name: 'terminal', arguments: { command: `echo ${index}` } }],
  }));
  return { turns: [...turns, { text: 'All done.' }] };
}

/** The floor: ask the model, append its call, run it in the terminal, append the answer, repeat. */
export async function floorLoop(workspace: string, dataDir: string, run: number): Promise<number[]> {
  const store = openSqliteEventStore(join(dataDir, `floor-${run}.db`));
  const conversation = await store.createConversation(newConversation(run, { workspace_dir: workspace }));
  const observationsDir = join(dataDir, `floor-observations-${run}`);
  const toolset = createToolset({
    conversationId: conversation.id,
    workspaceDir: workspace,
    observationsDir,
    sandbox: true,
  });
  const terminal = toolset.get('terminal');
  if (!terminal) throw new Error('the toolset has no terminal');
  const llm = createScriptedLLM(echoScript(), { recordCalls: false });
  const messages: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Do 50 steps.' }] }];
  const signal = new AbortController().signal;
  const context = { conversationId: conversation.id, workspaceDir: workspace, observationsDir, signal };
  const starts: number[] = [];
  for (;;) {
    starts.push(performance.now());
    const response = await llm.complete({ messages, tools: [], signal });
    const call = response.tool_calls[0];
    if (!call) break;
    await store.append(conversation.id, message('assistant', JSON.stringify(call)));
    const parsed = terminal.parseArguments(JSON.parse(call.arguments));
    if (!parsed.ok) throw new Error(parsed.error);
    const observation = await terminal.execute(parsed.action, context);
    const text = observation.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    await store.append(conversation.id, message('user', text));
    messages.push({ role: 'assistant', content: response.text, tool_calls: [call] });
    messages.push({ role: 'tool', tool_call_id: call.id, tool_name: call.name, content: text });
  }
  await toolset.close();
  await store.close();
  return starts.slice(1).map((start, index) => start - (starts[index] ?? start));
}

function message(role: 'assistant' | 'user', text: string) {
  return {
    kind: 'MessageEvent' as const,
    id: crypto.randomUUID(),
    timestamp: new Date().toISOString(),
    source: role === 'user' ? ('environment' as const) : ('agent' as const),
    llm_message: { role, content: [{ type: 'text' as const, text }] },
    extended_content: [],
  };
}

/** The framework: the conversation service with the sandboxed toolset, SQLite and checkpoints on. */
export async function frameworkLoop(workspace: string, dataDir: string, run: number): Promise<number[]> {
  const store = openSqliteEventStore(join(dataDir, `framework-${run}.db`));
  const starts: number[] = [];
  const scripted = createScriptedLLM(echoScript(), { recordCalls: false });
  const llm: LLM = {
    provider: scripted.provider,
    model: scripted.model,
    complete: (request) => {
      starts.push(performance.now());
      return scripted.complete(request);
    },
  };
  const confinement = workspaceConfinement({ dataDir, sandboxSettings: DEFAULT_SANDBOX_SETTINGS });
  const service = benchConversationService(store, llm, dataDir, {
    model: 'scripted',
    workspace,
    toolset: (request) =>
      createToolset({
        conversationId: request.conversationId,
        workspaceDir: request.workspaceDir,
        observationsDir: request.observationsDir,
        sandbox: true,
      }),
    checkpointStore: (request) =>
      createCheckpointStore({
        shadowDir: request.shadowDir,
        workspaceDir: request.workspaceDir,
        confinement,
      }),
  });
  const { info } = await service.create({ max_iterations: 500, stuck_detection: false });
  // Told when the run ends rather than asking over and over: the floor loop is not polled either.
  const { ended } = await runEnded(service, info.id);
  await service.sendMessage(info.id, {
    role: 'user',
    content: [{ type: 'text', text: 'Do 50 steps.' }],
    run: true,
  });
  await ended;
  if ((await service.get(info.id)).execution_status !== 'finished')
    throw new Error('the 50-step task did not finish');
  await service.close();
  await store.close();
  return starts.slice(1).map((start, index) => start - (starts[index] ?? start));
}

/** Subscribes now; `ended` settles when the conversation's status, once running, leaves `running`. */
async function runEnded(service: ConversationService, id: string): Promise<{ ended: Promise<void> }> {
  let started = false;
  let resolveEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });
  const subscription = await service.subscribe(id, (frame) => {
    if (frame.type !== 'durable' || frame.event.kind !== 'ConversationStateUpdateEvent') return;
    if (frame.event.key !== 'execution_status') return;
    if (frame.event.value === 'running') started = true;
    else if (started) resolveEnded();
  });
  return { ended: ended.finally(() => subscription.unsubscribe()) };
}

/** A small workspace: a README and a source file. */
export function writeSmallWorkspace(workspace: string): void {
  mkdirSync(join(workspace, 'src'), { recursive: true });
  writeFileSync(join(workspace, 'README.md'), '# bench\n');
  writeFileSync(join(workspace, 'src', 'index.ts'), 'export const answer = 42;\n');
}
