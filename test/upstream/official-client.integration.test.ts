import './client-environment';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  HookType,
  type RemoteConversation,
  RemoteConversation as RemoteConversationClass,
} from '@openhands/typescript-client';
import { describe, expect, it } from 'vitest';
import {
  type AnyEvent,
  bench,
  manager,
  agent,
  rejection,
  registerOfficialClientBed,
} from './official-client-bed';
import { finishCall, observationText, terminalCall, UPSTREAM_LLM_KEY, waitFor } from './upstream-workbench';

// The official OpenHands TypeScript client, unmodified, driving the real launcher (ingress + runtime)
// with the session key as its API key and the mock model behind `agent.llm`. Each test names the
// client methods it proves; test/upstream/method-inventory.ts points at these titles.
registerOfficialClientBed();

// The calls the conversation tests share stay in this file: the method inventory proves a method by
// the test (or a helper of its file) that calls it.
async function create(initialMessage = 'Upstream task'): Promise<RemoteConversation> {
  return manager.createConversation(agent(), { initialMessage, workingDir: bench.workspace });
}

async function status(conversation: RemoteConversation): Promise<string> {
  return String((await conversation.state.refresh()).execution_status);
}

async function untilStatus(conversation: RemoteConversation, wanted: string, timeoutMs = 20_000) {
  return waitFor(`status ${wanted}`, async () => (await status(conversation)) === wanted, timeoutMs);
}

async function allEvents(conversation: RemoteConversation): Promise<AnyEvent[]> {
  return (await conversation.state.events.getEvents()) as unknown as AnyEvent[];
}

/** A second handle on the same conversation that records what the client's event socket delivers. */
async function watch(conversation: RemoteConversation) {
  const received: AnyEvent[] = [];
  const watcher = new RemoteConversationClass(conversation.agent, conversation.workspace, {
    conversationId: conversation.id,
    callback: (event) => received.push(event as unknown as AnyEvent),
  });
  await watcher.startWebSocketClient();
  await waitFor('the full_state update', () => received.length > 0, 10_000);
  return { received, watcher };
}

describe('official client: conversation flow', () => {
  let main: RemoteConversation;

  it('create → run → live events: ConversationManager.createConversation, RemoteConversation.run, startWebSocketClient, state getters, events search/count/getEvents/getEventById, getAgentFinalResponse', async () => {
    bench.script([terminalCall('echo from-upstream > upstream.txt'), finishCall('all done')]);
    const requestsBefore = bench.mockLlm.requests().length;
    main = await create('Write upstream.txt');
    expect(main.id).toMatch(/[0-9a-f-]{32,36}/);
    const { received, watcher } = await watch(main);
    expect(received[0]).toMatchObject({ kind: 'ConversationStateUpdateEvent', key: 'full_state' });

    await main.run();
    await untilStatus(main, 'finished');
    await waitFor('the finish on the socket', () =>
      received.some((event) => event.kind === 'ActionEvent' && event.tool_name === 'finish'),
    );
    await watcher.stopWebSocketClient();

    // The run did its work, with the model and key the client gave.
    expect(readFileSync(join(bench.workspace, 'upstream.txt'), 'utf8')).toBe('from-upstream\n');
    const modelCalls = bench.mockLlm.requests().slice(requestsBefore);
    expect(modelCalls.length).toBeGreaterThanOrEqual(2);
    expect(modelCalls[0]?.authorization).toBe(`Bearer ${UPSTREAM_LLM_KEY}`);
    expect(modelCalls[0]?.body).toMatchObject({ model: 'mock-model' });

    // The socket delivered bare events: the snapshot, then the run's events (the initial message was
    // logged before the socket opened, and the client asks for no resend), then the finish.
    const socketKinds = received.map((event) => event.kind);
    expect(socketKinds).toContain('ActionEvent');
    expect(socketKinds).toContain('ObservationEvent');
    expect(socketKinds).not.toContain('MessageEvent');
    const finishIndex = received.findIndex((e) => e.kind === 'ActionEvent' && e.tool_name === 'finish');
    expect(finishIndex).toBeGreaterThan(0);
    const afterFinish = received.slice(finishIndex + 1).map((event) => event.kind);
    expect(
      afterFinish.every((kind) => kind === 'ObservationEvent' || kind === 'ConversationStateUpdateEvent'),
    ).toBe(true);

    // State getters.
    const state = main.state;
    expect(await state.getExecutionStatus()).toBe('finished');
    const upstreamAgent = (await state.getAgent()) as unknown as { llm: { model: string } };
    expect(upstreamAgent.llm.model).toBe('openai/mock-model');
    expect(JSON.stringify(upstreamAgent)).not.toContain(UPSTREAM_LLM_KEY);
    expect(await state.getWorkspace()).toMatchObject({ working_dir: bench.workspace });
    expect(typeof (await state.getPersistenceDir())).toBe('string');
    // A body without confirmation_policy gets the workbench's default (risky steps wait for a person),
    // where upstream's is NeverConfirm: a documented departure (docs/CONTRACT.md §8).
    expect((await state.getConfirmationPolicy()).kind).toBe('ConfirmRisky');

    // Event queries.
    const events = await allEvents(main);
    const total = await state.events.count();
    expect(total).toBe(events.length);
    const actions = await state.events.search({ kind: 'ActionEvent' });
    expect(actions.items.length).toBeGreaterThanOrEqual(2);
    expect(actions.items.every((event) => event.kind === 'ActionEvent')).toBe(true);
    const chosen = events[Math.floor(events.length / 2)] as AnyEvent;
    expect(await state.events.getEventById(chosen.id)).toMatchObject({ id: chosen.id, kind: chosen.kind });
    const from = await state.events.count({ timestamp__gte: chosen.timestamp });
    const before = await state.events.count({ timestamp__lt: chosen.timestamp });
    expect(from).toBeGreaterThan(0);
    expect(before).toBeGreaterThan(0);
    expect(from + before).toBe(total);
    const page = await state.events.search({ timestamp__gte: chosen.timestamp });
    expect(page.items.every((event) => String(event.timestamp) >= chosen.timestamp)).toBe(true);

    const [known, missing] = await state.events.getEventsById([chosen.id, randomUUID()]);
    expect(known).toMatchObject({ id: chosen.id });
    expect(missing).toBeNull();
    expect(await state.getAgentStatus()).toBe('finished');
    expect(JSON.parse(await state.modelDumpJson())).toMatchObject({
      id: main.id,
      execution_status: 'finished',
    });
    expect(await state.modelDump()).toMatchObject({
      id: main.id,
      workspace: { working_dir: bench.workspace },
    });
    expect(await main.conversationStats()).toEqual(expect.any(Object));

    expect(await main.getAgentFinalResponse()).toBe('all done');
  });

  it('askAgent answers a side question and leaves the log unchanged', async () => {
    const before = await main.state.events.count();
    bench.script([], { text: 'The side answer.' });
    const answer = await main.askAgent('What did you write?');
    expect(answer).toBe('The side answer.');
    expect(await main.state.events.count()).toBe(before);
  });

  it('condense appends a condensation on demand', async () => {
    bench.script([], { text: 'Summary of the conversation so far.' });
    await main.condense();
    await waitFor(
      'a Condensation event',
      async () => (await main.state.events.count({ kind: 'Condensation' })) > 0,
    );
  });

  it('switchLlm changes the model the next run uses', async () => {
    const otherKey = 'sk-switched-9876543210zyxwvutsrqponm';
    await main.switchLlm({ model: 'openai/other-model', base_url: bench.mockLlm.url, api_key: otherKey });
    const switched = (await main.state.refresh()) as unknown as { agent: { llm: { model: string } } };
    expect(switched.agent.llm.model).toBe('openai/other-model');
    bench.script([finishCall('switched')]);
    const requestsBefore = bench.mockLlm.requests().length;
    await main.sendMessage('Again, with the other model');
    await main.run();
    await waitFor('the next model call', () => bench.mockLlm.requests().length > requestsBefore);
    const call = bench.mockLlm.requests()[requestsBefore];
    expect(call?.body).toMatchObject({ model: 'other-model' });
    expect(call?.authorization).toBe(`Bearer ${otherKey}`);
    await untilStatus(main, 'finished');
  });

  it('setSecurityAnalyzer sets the analyzer; null gives the pattern analyzer', async () => {
    const analyzer = async () =>
      ((await main.state.refresh()) as unknown as { security_analyzer?: { kind: string } | null })
        .security_analyzer;
    await main.setSecurityAnalyzer({ kind: 'LLMSecurityAnalyzer' });
    expect(await analyzer()).toMatchObject({ kind: 'LLMSecurityAnalyzer' });
    expect(
      ((await main.state.modelDump()) as { security_analyzer?: unknown }).security_analyzer,
    ).toMatchObject({
      kind: 'LLMSecurityAnalyzer',
    });
    await main.setSecurityAnalyzer({ kind: 'PatternSecurityAnalyzer' });
    expect(await analyzer()).toMatchObject({ kind: 'PatternSecurityAnalyzer' });
    await main.setSecurityAnalyzer({ kind: 'LLMSecurityAnalyzer' });
    // Mapped: null (upstream: no analyzer) gives the pattern analyzer, the workbench's floor for
    // ConfirmRisky; see docs/CONTRACT.md §8.
    await main.setSecurityAnalyzer(null);
    expect(await analyzer()).toMatchObject({ kind: 'PatternSecurityAnalyzer' });
  });

  it('setConfirmationPolicy(AlwaysConfirm) waits; sendConfirmationResponse accepts, rejects with rejection_source, and is a no-op with nothing pending', async () => {
    const conversation = await create('Two commands, with confirmation');
    await conversation.setConfirmationPolicy({ kind: 'AlwaysConfirm' });
    expect((await conversation.state.refresh()).confirmation_policy).toMatchObject({ kind: 'AlwaysConfirm' });
    // Nothing pending yet: accepting is a no-op, as upstream.
    const countBefore = await conversation.state.events.count();
    await conversation.sendConfirmationResponse(true);
    expect(await conversation.state.events.count()).toBe(countBefore);

    bench.script([
      terminalCall('echo yes > accepted.txt'),
      terminalCall('echo no > rejected.txt'),
      finishCall('confirmed'),
    ]);
    await conversation.run();
    await untilStatus(conversation, 'waiting_for_confirmation');
    expect(existsSync(join(bench.workspace, 'accepted.txt'))).toBe(false);
    await conversation.sendConfirmationResponse(true);
    await waitFor('the accepted command ran', () => existsSync(join(bench.workspace, 'accepted.txt')));
    await untilStatus(conversation, 'waiting_for_confirmation');
    await conversation.sendConfirmationResponse(false, 'not this one');
    const rejected = await waitFor('a UserRejectObservation', async () => {
      const page = await conversation.state.events.search({ kind: 'UserRejectObservation' });
      return page.items[0] as AnyEvent | undefined;
    });
    expect(rejected).toMatchObject({ rejection_reason: 'not this one', rejection_source: 'user' });
    expect(existsSync(join(bench.workspace, 'rejected.txt'))).toBe(false);
    await conversation.pause();
  });

  it('pause during a step: status paused at once with a PauseEvent', async () => {
    const conversation = await create('A slow step');
    bench.script([{ ...terminalCall('touch after-pause.txt'), delay_ms: 4_000 }]);
    const requestsBefore = bench.mockLlm.requests().length;
    await conversation.run();
    await waitFor('the model call in flight', () => bench.mockLlm.requests().length > requestsBefore);
    await conversation.pause();
    expect(await status(conversation)).toBe('paused');
    expect(await conversation.state.events.count({ kind: 'PauseEvent' })).toBe(1);
  });

  it('updateSecrets: a command that echoes the secret shows it masked', async () => {
    const secret = 's3cr3t-upstream-value-42';
    const conversation = await create('Use the token');
    await conversation.updateSecrets({ MY_TOKEN: secret });
    bench.script([terminalCall('echo "token=$MY_TOKEN"'), finishCall('used')]);
    await conversation.run();
    await untilStatus(conversation, 'finished');
    const events = await allEvents(conversation);
    const output = events.filter((event) => event.kind === 'ObservationEvent').map(observationText);
    // The command saw the value (its output is not empty) and the log holds only the placeholder.
    expect(output.join('\n')).toContain('token=‹secret:MY_TOKEN›');
    expect(JSON.stringify(events)).not.toContain(secret);
  });

  it('hookConfig on start and getHookConfig: a PreToolUse hook in the sandbox denies a command, recorded with rejection_source "hook"', async () => {
    const hookConfig = {
      pre_tool_use: [
        {
          matcher: 'terminal',
          hooks: [
            {
              type: HookType.COMMAND,
              command: 'case "$(cat)" in *rm-me*) echo "hook says no" >&2; exit 2;; esac',
              timeout: 30,
            },
          ],
        },
      ],
      post_tool_use: [],
      user_prompt_submit: [],
      session_start: [],
      session_end: [],
      stop: [],
    };
    const { workspace } = await create('Only for its workspace');
    const conversation = new RemoteConversationClass(agent(), workspace, { hookConfig });
    bench.script([terminalCall('touch rm-me.txt'), finishCall('hooked')]);
    await conversation.start({ initialMessage: 'Try it' });
    await conversation.run();
    await untilStatus(conversation, 'finished');
    expect(await conversation.getHookConfig()).toEqual(hookConfig);
    const events = await allEvents(conversation);
    expect(events.find((event) => event.kind === 'UserRejectObservation')).toMatchObject({
      rejection_source: 'hook',
      rejection_reason: 'hook says no',
    });
    expect(events.filter((event) => event.kind === 'HookExecutionEvent')).toEqual([
      expect.objectContaining({ hook_event_type: 'PreToolUse', exit_code: 2, blocked: true }),
    ]);
    expect(existsSync(join(bench.workspace, 'rm-me.txt'))).toBe(false);
  });

  it('setTitle, fork({id, tags}) and navigateTo', async () => {
    await main.setTitle('Renamed upstream');
    expect((await manager.getConversation(main.id)).title).toBe('Renamed upstream');

    const forkId = randomUUID();
    const fork = await main.fork({ id: forkId, tags: { k: 'v' } });
    expect(fork.id).toBe(forkId);
    expect((await manager.getConversation(forkId)).forked_from_conversation_id).toBe(main.id);
    const sourceEvents = await allEvents(main);
    const forkEvents = await allEvents(fork);
    expect(await fork.state.events.count()).toBe(forkEvents.length);
    // The fork holds the source's events, then (a fork is idle, with its own stats) at most its own
    // status and stats updates where the copied ones differ: docs/CONTRACT.md §7.
    expect(forkEvents.slice(0, sourceEvents.length).map((event) => event.kind)).toEqual(
      sourceEvents.map((event) => event.kind),
    );
    const own = forkEvents.slice(sourceEvents.length);
    expect(own.length).toBeLessThanOrEqual(2);
    expect(own.every((event) => event.kind === 'ConversationStateUpdateEvent')).toBe(true);

    const target = sourceEvents[1] as AnyEvent;
    await fork.navigateTo(target.id);
    const navigated = (await fork.state.refresh()) as unknown as { leaf_event_id?: string };
    expect(navigated.leaf_event_id).toBe(target.id);
  });

  it('tags as a key-value object: fork({tags}) and updateConversation({tags}) are kept, and getConversation, searchConversations and getConversations read them back as the object', async () => {
    // Mapped: upstream's {key: value} tags are stored as our `key:value` tags; every info answers
    // upstream's object under `tags` and our list beside it as `tag_list` (docs/CONTRACT.md §8).
    const fork = await main.fork({ tags: { k: 'v' } });
    expect((await manager.getConversation(fork.id)).tags).toEqual({ k: 'v' });
    await manager.updateConversation(fork.id, { tags: { team: 'qa', k: 'w' } });
    const read = await manager.getConversation(fork.id);
    expect(read.tags).toEqual({ team: 'qa', k: 'w' });
    expect([...((read as unknown as { tag_list: string[] }).tag_list ?? [])].sort()).toEqual([
      'k:w',
      'team:qa',
    ]);
    const found = (await manager.searchConversations({ limit: 100 })).items.find(
      (item) => item.id === fork.id,
    );
    expect(found?.tags).toEqual({ team: 'qa', k: 'w' });
    expect((await manager.getConversations([fork.id]))[0]?.tags).toEqual({ team: 'qa', k: 'w' });
    await manager.deleteConversation(fork.id);
  });

  it('ConversationManager: searchConversations, countConversations, getConversations, getConversation, updateConversation, loadConversation, deleteConversation', async () => {
    const extra = await create('To be deleted');
    const search = await manager.searchConversations({ limit: 100 });
    const ids = search.items.map((item) => item.id);
    expect(ids).toContain(main.id);
    expect(ids).toContain(extra.id);
    expect(await manager.countConversations()).toBe(ids.length);
    const everything = await manager.getAllConversations();
    expect(everything.map((info) => info.id).sort()).toEqual([...ids].sort());

    const unknown = randomUUID();
    const batch = await manager.getConversations([main.id, unknown, extra.id]);
    expect(batch.map((info) => info?.id ?? null)).toEqual([main.id, null, extra.id]);

    // Upstream answers a PATCH with {success: true}; the client passes that through.
    expect(
      await manager.updateConversation(extra.id, { title: 'Updated', tags: { team: 'qa' } }),
    ).toMatchObject({
      success: true,
    });
    expect((await manager.getConversation(extra.id)).title).toBe('Updated');

    const loaded = await manager.loadConversation(main.id, bench.workspace);
    expect(loaded.id).toBe(main.id);
    expect(await loaded.state.getExecutionStatus()).toBe('finished');

    await manager.deleteConversation(extra.id);
    expect((await rejection(manager.getConversation(extra.id))).status).toBe(404);
  });
});
