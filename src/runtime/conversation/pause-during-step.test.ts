import { afterEach, describe, expect, it } from 'vitest';
import type { Event } from '../events';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

const terminal = (command: string, delay_ms = 0) => ({
  tool_calls: [{ name: 'terminal', arguments: { command } }],
  delay_ms,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seqOf = (events: Event[], kind: Event['kind']) =>
  events.find((event) => event.kind === kind)?.seq ?? -1;

describe('pause during a step (upstream semantics)', () => {
  it('is paused with a PauseEvent at once; the step in flight records its answer after it; no new step starts', async () => {
    harness = await createServiceHarness({ script: { turns: [terminal('a', 80), terminal('b')] } });
    const id = await harness.create();
    harness.say(id, 'go');
    await sleep(10);
    harness.service.pause(id);
    // At once: before the model call in flight has answered.
    expect(harness.status(id)).toBe('paused');
    expect(harness.kinds(id, 'PauseEvent')).toHaveLength(1);
    expect(harness.kinds(id, 'ActionEvent')).toHaveLength(0);
    expect(harness.statusHistory(id)).toEqual(['running', 'paused']);

    await harness.until(() => harness.kinds(id, 'ObservationEvent').length === 1);
    await sleep(40);
    const events = harness.events(id);
    expect(seqOf(events, 'ActionEvent')).toBeGreaterThan(seqOf(events, 'PauseEvent'));
    expect(seqOf(events, 'ObservationEvent')).toBeGreaterThan(seqOf(events, 'ActionEvent'));
    expect(harness.llm.calls).toHaveLength(1);
    expect(harness.status(id)).toBe('paused');
    expect(harness.statusHistory(id)).toEqual(['running', 'paused']);
  });

  it('run after the pause continues normally', async () => {
    harness = await createServiceHarness({ script: { turns: [terminal('a', 50), { text: 'all done' }] } });
    const id = await harness.create();
    harness.say(id, 'go');
    await sleep(10);
    harness.service.pause(id);
    await harness.until(() => harness.kinds(id, 'ObservationEvent').length === 1);
    await sleep(20);
    harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llm.calls).toHaveLength(2);
    expect(harness.statusHistory(id)).toEqual(['running', 'paused', 'running', 'finished']);
  });

  it('a run asked for while the paused step is still finishing starts once that step has ended', async () => {
    harness = await createServiceHarness({ script: { turns: [terminal('a', 60), { text: 'all done' }] } });
    const id = await harness.create();
    harness.say(id, 'go');
    await sleep(10);
    harness.service.pause(id);
    expect(() => harness.service.run(id)).not.toThrow();
    expect(harness.status(id)).toBe('paused');
    await harness.until(() => harness.status(id) === 'finished');
    expect(harness.llm.calls).toHaveLength(2);
    expect(harness.kinds(id, 'PauseEvent')).toHaveLength(1);
  });

  it('a message with run:true while the paused step finishes is answered after it', async () => {
    harness = await createServiceHarness({
      script: { turns: [terminal('a', 60), { text: 'answered' }] },
    });
    const id = await harness.create();
    harness.say(id, 'go');
    await sleep(10);
    harness.service.pause(id);
    harness.say(id, 'and then this');
    await harness.until(() => harness.status(id) === 'finished');
    expect(harness.llm.calls).toHaveLength(2);
    expect(JSON.stringify(harness.llm.calls[1]?.messages)).toContain('and then this');
  });

  it('a pause followed by a second pause cancels a run asked for in between', async () => {
    harness = await createServiceHarness({ script: { turns: [terminal('a', 60), { text: 'no' }] } });
    const id = await harness.create();
    harness.say(id, 'go');
    await sleep(10);
    harness.service.pause(id);
    harness.service.run(id);
    harness.service.pause(id);
    await harness.until(() => harness.kinds(id, 'ObservationEvent').length === 1);
    await sleep(40);
    expect(harness.status(id)).toBe('paused');
    expect(harness.llm.calls).toHaveLength(1);
  });

  it('a step that finishes the run ends it finished despite the pause', async () => {
    harness = await createServiceHarness({ script: { turns: [{ text: 'the answer', delay_ms: 50 }] } });
    const id = await harness.create();
    harness.say(id, 'question');
    await sleep(10);
    harness.service.pause(id);
    expect(harness.status(id)).toBe('paused');
    await harness.until(() => harness.status(id) === 'finished');
    expect(harness.statusHistory(id)).toEqual(['running', 'paused', 'finished']);
  });

  it('a step whose actions need confirmation ends waiting despite the pause', async () => {
    harness = await createServiceHarness({
      script: { turns: [terminal('rm -rf build', 50)] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    harness.say(id, 'clean');
    await sleep(10);
    harness.service.pause(id);
    await harness.until(() => harness.status(id) === 'waiting_for_confirmation');
    expect(harness.service.get(id).pending_action_ids).toHaveLength(1);
  });

  it('a pause before the first step (while the run prepares) means no model call at all', async () => {
    harness = await createServiceHarness({ script: { turns: [terminal('a')] } });
    const id = await harness.create();
    harness.say(id, 'go');
    harness.service.pause(id);
    await sleep(30);
    expect(harness.llm.calls).toHaveLength(0);
    expect(harness.status(id)).toBe('paused');
    harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llm.calls.length).toBeGreaterThan(0);
  });

  it('interrupt after a pause still cancels the step in flight', async () => {
    harness = await createServiceHarness({ script: { turns: [terminal('a', 5_000)] } });
    const id = await harness.create();
    harness.say(id, 'go');
    await sleep(10);
    harness.service.pause(id);
    const started = Date.now();
    await harness.service.interrupt(id);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(harness.status(id)).toBe('paused');
    expect(harness.kinds(id, 'InterruptEvent')).toHaveLength(1);
    expect(harness.kinds(id, 'ActionEvent')).toHaveLength(0);
  });

  it('pause leaves a finished conversation as it is, as upstream does, and pauses an idle one', async () => {
    harness = await createServiceHarness({ script: { turns: [{ text: 'done' }] } });
    const id = await harness.create();
    harness.say(id, 'hi');
    expect(await harness.settled(id)).toBe('finished');
    harness.service.pause(id);
    expect(harness.status(id)).toBe('finished');
    expect(harness.kinds(id, 'PauseEvent')).toHaveLength(0);

    const idle = await harness.create();
    harness.service.pause(idle);
    expect(harness.status(idle)).toBe('paused');
    expect(harness.kinds(idle, 'PauseEvent')).toHaveLength(1);
  });

  it('pause leaves a conversation waiting for confirmation waiting', async () => {
    harness = await createServiceHarness({
      script: { turns: [terminal('rm -rf build')] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    harness.say(id, 'clean');
    expect(await harness.settled(id)).toBe('waiting_for_confirmation');
    harness.service.pause(id);
    expect(harness.status(id)).toBe('waiting_for_confirmation');
    expect(harness.kinds(id, 'PauseEvent')).toHaveLength(0);
  });
});
