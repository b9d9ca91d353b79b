import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionEvent, Event, MessageEvent } from '../events';
import { createInMemoryEventStore } from '../store/in-memory-event-store';
import { observationsDir } from './observations-dir';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

const firstUserMessage = (events: Event[]) =>
  events.find((event): event is MessageEvent => event.kind === 'MessageEvent' && event.source === 'user');

describe('createConversationService', () => {
  describe('create', () => {
    it('starts the log with the system prompt and offers the tools', async () => {
      harness = await createServiceHarness();
      const id = await harness.create();
      const [first] = await harness.events(id);
      expect(first?.kind).toBe('SystemPromptEvent');
      expect(first?.kind === 'SystemPromptEvent' && first.tools.map((tool) => tool.name)).toEqual([
        'terminal',
        'file_editor',
        'think',
        'finish',
        'task',
      ]);
    });

    it("uses the default workspace, refuses a file, refuses a missing one in our shape and makes it in upstream's", async () => {
      harness = await createServiceHarness();
      const id = await harness.create();
      expect((await harness.service.get(id)).workspace.working_dir).toBe(harness.workspace);
      const file = join(harness.workspace, 'file.txt');
      await writeFile(file, 'x');
      await expect(harness.create({ workspace: { working_dir: file } })).rejects.toMatchObject({
        code: 'invalid_workspace',
      });
      const missing = join(harness.workspace, 'missing', 'deeper');
      await expect(harness.create({ workspace: { working_dir: missing } })).rejects.toMatchObject({
        code: 'invalid_workspace',
      });
      await expect(stat(missing)).rejects.toMatchObject({ code: 'ENOENT' });
      const made = await harness.create({ workspace: { kind: 'LocalWorkspace', working_dir: missing } });
      expect((await harness.service.get(made)).workspace.working_dir).toBe(missing);
      expect((await stat(missing)).isDirectory()).toBe(true);
    });

    it('answers created:false with the existing conversation when the id is reused', async () => {
      harness = await createServiceHarness();
      const conversationId = '11111111-1111-4111-8111-111111111111';
      const first = await harness.service.create({
        conversation_id: conversationId,
        max_iterations: 500,
        stuck_detection: true,
      });
      const again = await harness.service.create({
        conversation_id: conversationId,
        max_iterations: 7,
        stuck_detection: true,
        title: 'Other',
      });
      expect(first.created).toBe(true);
      expect(again.created).toBe(false);
      expect(again.info).toEqual(first.info);
    });

    it('runs the initial message when asked to', async () => {
      harness = await createServiceHarness({ script: { turns: [{ text: 'Hi!' }] } });
      const id = await harness.create({
        initial_message: { role: 'user', content: [{ type: 'text', text: 'Hello' }], run: true },
      });
      expect(await harness.settled(id)).toBe('finished');
      expect(harness.llm.calls).toHaveLength(1);
    });

    it('keeps its own model and uses the per-conversation key only in memory', async () => {
      harness = await createServiceHarness({ script: { turns: [{ text: 'ok' }] } });
      const id = await harness.create({
        llm: { provider: 'openai', model: 'gpt-x', api_key: 'sk-conversation-key-1234567890' },
      });
      expect((await harness.service.get(id)).llm).toEqual({ provider: 'openai', model: 'gpt-x' });
      expect(JSON.stringify(await harness.store.getConversation(id))).not.toContain('sk-conversation');
      await harness.say(id, 'go');
      await harness.settled(id);
      expect(harness.llmConfigs.at(-1)).toEqual({
        provider: 'openai',
        model: 'gpt-x',
        api_key: 'sk-conversation-key-1234567890',
      });
    });
  });

  describe('titles', () => {
    it('titles a conversation from its first message at once: trimmed, one line, ellipsis past 50 characters', async () => {
      harness = await createServiceHarness();
      const id = await harness.create();
      await harness.say(
        id,
        '   Please refactor the\nparser module so that it handles unicode escapes correctly   ',
        false,
      );
      const title = (await harness.service.get(id)).title;
      expect(title).toBe('Please refactor the parser module so that it handl…');
      await harness.say(id, 'a later message', false);
      expect((await harness.service.get(id)).title).toBe(title);
    });

    it('a rename is never overwritten by the automatic title', async () => {
      harness = await createServiceHarness();
      const id = await harness.create();
      await harness.service.update(id, { title: 'My name' });
      await harness.say(id, 'first message', false);
      expect((await harness.service.get(id)).title).toBe('My name');
      expect((await harness.store.getConversation(id))?.title_source).toBe('user');
    });

    it('improves the title with one cheap model call, unless the person renamed it meanwhile', async () => {
      harness = await createServiceHarness({
        script: { turns: [{ text: '"Unicode parser fix"', delay_ms: 20 }] },
        service: { modelTitles: true },
      });
      const id = await harness.create();
      await harness.say(id, 'please fix the parser for unicode', false);
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect((await harness.service.get(id)).title).toBe('Unicode parser fix');
      expect(harness.llm.calls[0]?.maxOutputTokens).toBeLessThan(100);

      harness.llm.setScript({ turns: [{ text: 'Model title', delay_ms: 20 }] });
      const renamed = await harness.create();
      await harness.say(renamed, 'another task', false);
      await harness.service.update(renamed, { title: 'Mine' });
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect((await harness.service.get(renamed)).title).toBe('Mine');
    });
  });

  describe('sendMessage', () => {
    it('appends once for the same client_message_id', async () => {
      harness = await createServiceHarness();
      const id = await harness.create();
      const message = {
        role: 'user' as const,
        content: [{ type: 'text' as const, text: 'hi' }],
        run: false,
        client_message_id: 'abc',
      };
      await harness.service.sendMessage(id, message);
      await harness.service.sendMessage(id, message);
      expect(await harness.kinds(id, 'MessageEvent')).toHaveLength(1);
    });

    it('throws conversation_not_found for an unknown id', async () => {
      harness = await createServiceHarness();
      await expect(harness.say('22222222-2222-4222-8222-222222222222', 'x')).rejects.toThrow(
        expect.objectContaining({ code: 'conversation_not_found' }),
      );
    });
  });

  describe('fork and navigate', () => {
    it('forks from the first user message: same ids, idle, fresh stats, "(branch)" title, source unchanged', async () => {
      harness = await createServiceHarness({
        script: { turns: [{ text: 'answer', usage: { prompt_tokens: 5, completion_tokens: 1 } }] },
      });
      const id = await harness.create();
      await harness.say(id, 'question');
      await harness.settled(id);
      const sourceEvents = await harness.events(id);
      const message = firstUserMessage(sourceEvents);
      const fork = await harness.service.fork(id, { from_event_id: message?.id, reset_metrics: true });
      expect(fork).toMatchObject({
        execution_status: 'idle',
        stats: { prompt_tokens: 0, completion_tokens: 0, cost: 0 },
        title: 'question (branch)',
        forked_from_conversation_id: id,
        forked_from_event_id: message?.id,
        leaf_event_id: message?.id,
      });
      expect((await harness.events(fork.id)).map((event) => event.id)).toEqual(
        sourceEvents.slice(0, 2).map((event) => event.id),
      );
      expect(await harness.events(id)).toEqual(sourceEvents);
      const kept = await harness.service.fork(id, { reset_metrics: false, title: 'Named' });
      expect(kept.stats.prompt_tokens).toBe(5);
      expect(kept.title).toBe('Named');
    });

    it('a fork of the whole log, or from a status update, ends its log with its own status and stats', async () => {
      harness = await createServiceHarness({
        script: { turns: [{ text: 'answer', usage: { prompt_tokens: 5, completion_tokens: 1 } }] },
      });
      const id = await harness.create();
      await harness.say(id, 'question');
      await harness.settled(id);
      expect((await harness.service.get(id)).execution_status).toBe('finished');
      const lastState = (events: Event[], key: string) =>
        events.findLast((event) => event.kind === 'ConversationStateUpdateEvent' && event.key === key);
      const finished = lastState(await harness.events(id), 'execution_status');
      for (const request of [{ reset_metrics: true }, { from_event_id: finished?.id, reset_metrics: true }]) {
        const fork = await harness.service.fork(id, request);
        const events = await harness.events(fork.id);
        expect(fork.execution_status).toBe('idle');
        expect(fork.last_seq).toBe(events.at(-1)?.seq);
        expect(lastState(events, 'execution_status')).toMatchObject({ value: 'idle' });
        const stats = lastState(events, 'stats');
        // The answer adds upstream's usage_to_metrics beside the stored totals.
        const { usage_to_metrics: _upstream, ...stored } = fork.stats;
        expect(stats?.kind === 'ConversationStateUpdateEvent' ? stats.value : stored).toEqual(stored);
        expect((await harness.service.get(fork.id)).execution_status).toBe('idle');
      }
      const whole = await harness.service.fork(id, { reset_metrics: true });
      expect(lastState(await harness.events(whole.id), 'stats')).toMatchObject({
        value: { prompt_tokens: 0, completion_tokens: 0, cost: 0 },
      });
      // Nothing to correct: a fork from a message copies no state update and adds none.
      const message = firstUserMessage(await harness.events(id));
      const plain = await harness.service.fork(id, { from_event_id: message?.id, reset_metrics: true });
      expect((await harness.events(plain.id)).map((event) => event.kind)).toEqual([
        'SystemPromptEvent',
        'MessageEvent',
      ]);
    });

    it('navigate moves the leaf; the next message hangs under it and the old branch stays', async () => {
      harness = await createServiceHarness();
      const id = await harness.create();
      await harness.say(id, 'one', false);
      await harness.say(id, 'two', false);
      const one = firstUserMessage(await harness.events(id));
      expect((await harness.service.navigate(id, one?.id ?? null)).leaf_event_id).toBe(one?.id);
      await harness.say(id, 'three', false);
      const three = (await harness.events(id)).at(-1);
      expect(three?.parent_id).toBe(one?.id);
      expect(await harness.kinds(id, 'MessageEvent')).toHaveLength(3);
      await expect(harness.service.navigate(id, '33333333-3333-4333-8333-333333333333')).rejects.toThrow(
        expect.objectContaining({ code: 'event_not_found' }),
      );
    });
  });

  describe('delete', () => {
    it('stops a run, removes the conversation and its observations, never the workspace', async () => {
      harness = await createServiceHarness({ script: { turns: [{ fail: 'hang' }] } });
      const id = await harness.create();
      const observations = observationsDir(harness.dataDir, id);
      await mkdir(observations, { recursive: true });
      await writeFile(join(harness.workspace, 'keep.txt'), 'keep');
      await harness.say(id, 'go');
      await harness.service.delete(id);
      await expect(harness.service.get(id)).rejects.toThrow(
        expect.objectContaining({ code: 'conversation_not_found' }),
      );
      await expect(stat(observations)).rejects.toThrow();
      expect((await stat(join(harness.workspace, 'keep.txt'))).isFile()).toBe(true);
    });
  });

  describe('memory', () => {
    it('drops a conversation when its run ended and nobody listens, closing its toolset', async () => {
      harness = await createServiceHarness({
        script: {
          turns: [{ tool_calls: [{ name: 'terminal', arguments: { command: 'ls' } }] }, { text: 'ok' }],
        },
      });
      const id = await harness.create();
      await harness.say(id, 'go');
      await harness.settled(id);
      expect(harness.toolsets.every((toolset) => toolset.closed)).toBe(true);
    });

    it('keeps a subscribed conversation loaded and reports where now is', async () => {
      harness = await createServiceHarness({ script: { turns: [{ text: 'ok' }] } });
      const id = await harness.create();
      const frames: number[] = [];
      const subscription = await harness.service.subscribe(id, (frame) => {
        if (frame.type === 'durable') frames.push(frame.seq);
      });
      expect(subscription.throughSeq).toBe((await harness.events(id)).at(-1)?.seq);
      await harness.say(id, 'go');
      await harness.settled(id);
      expect(frames[0]).toBe(subscription.throughSeq + 1);
      expect(frames).toEqual(
        (await harness.events(id)).slice(subscription.throughSeq + 1).map((event) => event.seq),
      );
      subscription.unsubscribe();
    });
  });

  describe('state and events', () => {
    it('a confirmation policy change is a durable state update and applies to the next step', async () => {
      harness = await createServiceHarness({
        script: { turns: [{ tool_calls: [{ name: 'terminal', arguments: { command: 'ls' } }] }] },
      });
      const id = await harness.create();
      await harness.service.setConfirmationPolicy(id, { kind: 'AlwaysConfirm' });
      expect((await harness.service.get(id)).confirmation_policy).toEqual({ kind: 'AlwaysConfirm' });
      expect((await harness.events(id)).at(-1)).toMatchObject({
        kind: 'ConversationStateUpdateEvent',
        key: 'confirmation_policy',
      });
      await harness.say(id, 'list');
      expect(await harness.settled(id)).toBe('waiting_for_confirmation');
    });

    it('reads, searches and counts events, and refuses unknown ones', async () => {
      harness = await createServiceHarness();
      const id = await harness.create();
      await harness.say(id, 'find me', false);
      const message = firstUserMessage(await harness.events(id));
      expect(await harness.service.getEvent(id, message?.id ?? '')).toEqual(message);
      await expect(harness.service.getEvent(id, '44444444-4444-4444-8444-444444444444')).rejects.toThrow(
        expect.objectContaining({ code: 'event_not_found' }),
      );
      expect(await harness.service.countEvents(id, { kind: 'MessageEvent' })).toBe(1);
      expect(
        (await harness.service.searchEvents(id, { body: 'find' }, { limit: 10, order: 'asc' })).items,
      ).toEqual([message]);
      expect((await harness.service.readEvents(id, { afterSeq: 0 })).map((event) => event.seq)).toEqual([1]);
    });

    it('lists and counts conversations as ConversationInfo', async () => {
      harness = await createServiceHarness();
      const first = await harness.create();
      const second = await harness.create();
      const page = await harness.service.search({ limit: 10, sort_order: 'CREATED_AT' });
      expect(page.items.map((item) => item.id)).toEqual([first, second]);
      expect(page.items[0]?.pending_action_ids).toEqual([]);
      expect(await harness.service.count({ status: 'idle' })).toBe(2);
    });
  });

  describe('export', () => {
    it('exports the active branch as JSON and Markdown with secrets redacted', async () => {
      harness = await createServiceHarness({
        script: { turns: [{ text: 'Your token ghp_abcdefghijklmnopqrstuvwxyz0123 is set.' }] },
      });
      const id = await harness.create({
        llm: { provider: 'openai', model: 'm', api_key: 'my-very-secret-key' },
      });
      await harness.say(id, 'use key my-very-secret-key and sk-abcdefghijklmnopqrstuvwx');
      await harness.settled(id);
      const json = await harness.service.exportConversation(id, 'json');
      const parsed = JSON.parse(json.content);
      expect(parsed.events.length).toBeGreaterThan(2);
      expect(json.contentType).toBe('application/json');
      const markdown = await harness.service.exportConversation(id, 'md');
      for (const exported of [json, markdown]) {
        expect(exported.content).not.toContain('my-very-secret-key');
        expect(exported.content).not.toContain('sk-abcdefghijklmnopqrstuvwx');
        expect(exported.content).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123');
        expect(exported.content).toContain('‹secret:');
      }
      expect(markdown.filename).toMatch(/\.md$/);
      expect(markdown.content).toContain('## User');
    });
  });

  describe('crash recovery', () => {
    it('a conversation left running becomes error and its first pending action is answered', async () => {
      const store = createInMemoryEventStore();
      const first = await createServiceHarness({
        store,
        script: {
          turns: [
            {
              tool_calls: [
                { id: 'c1', name: 'terminal', arguments: { command: 'a' } },
                { id: 'c2', name: 'terminal', arguments: { command: 'b' } },
              ],
            },
          ],
        },
        confirmationPolicy: { kind: 'AlwaysConfirm' },
      });
      const id = await first.create();
      await first.say(id, 'go');
      await first.settled(id);
      // Simulate a process that died mid-run: the row says running, nothing answered the actions.
      await store.updateConversation(id, { execution_status: 'running' });
      harness = await createServiceHarness({ store });
      const info = await harness.service.get(id);
      expect(info.execution_status).toBe('error');
      const errors = await harness.kinds(id, 'AgentErrorEvent');
      const actions = (await harness.kinds(id, 'ActionEvent')) as ActionEvent[];
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({
        tool_call_id: actions[0]?.tool_call_id,
        error: expect.stringMatching(/restart/),
      });
      expect(info.pending_action_ids).toEqual([actions[1]?.id]);
      await first.close();
    });
  });
});
