import { afterEach, describe, expect, it } from 'vitest';
import { createTestToolset } from '../agent/testing/create-test-toolset';
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
    await harness.say(id, 'go');
    await sleep(10);
    await harness.service.pause(id);
    // At once: before the model call in flight has answered.
    expect(await harness.status(id)).toBe('paused');
    expect(await harness.kinds(id, 'PauseEvent')).toHaveLength(1);
    expect(await harness.kinds(id, 'ActionEvent')).toHaveLength(0);
    expect(await harness.statusHistory(id)).toEqual(['running', 'paused']);

    await harness.until(async () => (await harness.kinds(id, 'ObservationEvent')).length === 1);
    await sleep(40);
    const events = await harness.events(id);
    expect(seqOf(events, 'ActionEvent')).toBeGreaterThan(seqOf(events, 'PauseEvent'));
    expect(seqOf(events, 'ObservationEvent')).toBeGreaterThan(seqOf(events, 'ActionEvent'));
    expect(harness.llm.calls).toHaveLength(1);
    expect(await harness.status(id)).toBe('paused');
    expect(await harness.statusHistory(id)).toEqual(['running', 'paused']);
  });

  it('run after the pause continues normally', async () => {
    harness = await createServiceHarness({ script: { turns: [terminal('a', 50), { text: 'all done' }] } });
    const id = await harness.create();
    await harness.say(id, 'go');
    await sleep(10);
    await harness.service.pause(id);
    await harness.until(async () => (await harness.kinds(id, 'ObservationEvent')).length === 1);
    await sleep(20);
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llm.calls).toHaveLength(2);
    expect(await harness.statusHistory(id)).toEqual(['running', 'paused', 'running', 'finished']);
  });

  it('a run asked for while the paused step is still finishing starts once that step has ended', async () => {
    harness = await createServiceHarness({ script: { turns: [terminal('a', 60), { text: 'all done' }] } });
    const id = await harness.create();
    await harness.say(id, 'go');
    await sleep(10);
    await harness.service.pause(id);
    await expect(harness.service.run(id)).resolves.toBeUndefined();
    expect(await harness.status(id)).toBe('paused');
    await harness.until(async () => (await harness.status(id)) === 'finished');
    expect(harness.llm.calls).toHaveLength(2);
    expect(await harness.kinds(id, 'PauseEvent')).toHaveLength(1);
  });

  it('a message with run:true while the paused step finishes is answered after it', async () => {
    harness = await createServiceHarness({
      script: { turns: [terminal('a', 60), { text: 'answered' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await sleep(10);
    await harness.service.pause(id);
    await harness.say(id, 'and then this');
    await harness.until(async () => (await harness.status(id)) === 'finished');
    expect(harness.llm.calls).toHaveLength(2);
    expect(JSON.stringify(harness.llm.calls[1]?.messages)).toContain('and then this');
  });

  it('a pause followed by a second pause cancels a run asked for in between', async () => {
    harness = await createServiceHarness({ script: { turns: [terminal('a', 60), { text: 'no' }] } });
    const id = await harness.create();
    await harness.say(id, 'go');
    await sleep(10);
    await harness.service.pause(id);
    await harness.service.run(id);
    await harness.service.pause(id);
    await harness.until(async () => (await harness.kinds(id, 'ObservationEvent')).length === 1);
    await sleep(40);
    expect(await harness.status(id)).toBe('paused');
    expect(harness.llm.calls).toHaveLength(1);
  });

  it('a step that finishes the run ends it finished despite the pause', async () => {
    harness = await createServiceHarness({ script: { turns: [{ text: 'the answer', delay_ms: 50 }] } });
    const id = await harness.create();
    await harness.say(id, 'question');
    await sleep(10);
    await harness.service.pause(id);
    expect(await harness.status(id)).toBe('paused');
    await harness.until(async () => (await harness.status(id)) === 'finished');
    expect(await harness.statusHistory(id)).toEqual(['running', 'paused', 'finished']);
  });

  it('a step whose actions need confirmation ends waiting despite the pause', async () => {
    harness = await createServiceHarness({
      script: { turns: [terminal('rm -rf build', 50)] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'clean');
    await sleep(10);
    await harness.service.pause(id);
    await harness.until(async () => (await harness.status(id)) === 'waiting_for_confirmation');
    expect((await harness.service.get(id)).pending_action_ids).toHaveLength(1);
  });

  it('a pause before the first step (while the run prepares) means no model call at all', async () => {
    // The run's preparation waits for the tools until the test lets them be ready.
    let toolsReady = () => {};
    const gate = new Promise<void>((resolve) => {
      toolsReady = resolve;
    });
    let gated = false;
    harness = await createServiceHarness({
      script: { turns: [terminal('a')] },
      createToolset: () => {
        const toolset = createTestToolset();
        // The first toolset serves the creation; the run's preparation meets the gate.
        const ready = gated ? () => gate : async () => undefined;
        gated = true;
        return { ...toolset, ready };
      },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await harness.service.pause(id);
    toolsReady();
    await sleep(30);
    expect(harness.llm.calls).toHaveLength(0);
    expect(await harness.status(id)).toBe('paused');
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llm.calls.length).toBeGreaterThan(0);
  });

  it('interrupt after a pause still cancels the step in flight', async () => {
    // A model call of ten minutes: an interrupt that returns cancelled it rather than waiting it out.
    harness = await createServiceHarness({ script: { turns: [terminal('a', 600_000)] } });
    const id = await harness.create();
    await harness.say(id, 'go');
    await harness.until(async () => harness.llm.calls.length === 1);
    await harness.service.pause(id);
    await harness.service.interrupt(id);
    expect(await harness.status(id)).toBe('paused');
    expect(await harness.kinds(id, 'InterruptEvent')).toHaveLength(1);
    expect(await harness.kinds(id, 'ActionEvent')).toHaveLength(0);
  });

  it('pause leaves a finished conversation as it is, as upstream does, and pauses an idle one', async () => {
    harness = await createServiceHarness({ script: { turns: [{ text: 'done' }] } });
    const id = await harness.create();
    await harness.say(id, 'hi');
    expect(await harness.settled(id)).toBe('finished');
    await harness.service.pause(id);
    expect(await harness.status(id)).toBe('finished');
    expect(await harness.kinds(id, 'PauseEvent')).toHaveLength(0);

    const idle = await harness.create();
    await harness.service.pause(idle);
    expect(await harness.status(idle)).toBe('paused');
    expect(await harness.kinds(idle, 'PauseEvent')).toHaveLength(1);
  });

  it('pause leaves a conversation waiting for confirmation waiting', async () => {
    harness = await createServiceHarness({
      script: { turns: [terminal('rm -rf build')] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'clean');
    expect(await harness.settled(id)).toBe('waiting_for_confirmation');
    await harness.service.pause(id);
    expect(await harness.status(id)).toBe('waiting_for_confirmation');
    expect(await harness.kinds(id, 'PauseEvent')).toHaveLength(0);
  });
});
