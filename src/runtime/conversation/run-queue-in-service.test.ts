import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

const harnesses: ServiceHarness[] = [];
afterEach(async () => {
  for (const harness of harnesses.splice(0)) await harness.close();
});

async function harnessWith(options: Parameters<typeof createServiceHarness>[0]) {
  const harness = await createServiceHarness({ maxConcurrentRuns: 1, ...options });
  harnesses.push(harness);
  return harness;
}

/** The first run sleeps in the terminal until it is stopped; every later turn finishes at once. */
const sleepsThenDone = {
  turns: [{ tool_calls: [{ name: 'terminal', arguments: { command: 'sleep' } }] }],
  fallback: { text: 'done' },
};

describe('runs beyond max_concurrent_runs wait in a queue', () => {
  it('a second run waits (idle, position 1) and starts when the first ends', async () => {
    const harness = await harnessWith({ script: sleepsThenDone });
    const first = await harness.create();
    const second = await harness.create();
    await harness.say(first, 'one');
    await harness.say(second, 'two');
    const waiting = await harness.service.get(second);
    expect(waiting.execution_status).toBe('idle');
    expect(waiting.run_queue).toEqual({ position: 1, queued_at: expect.any(String) });
    expect((await harness.service.get(first)).run_queue).toBeNull();
    await harness.until(() => harness.executed().length === 1);
    expect((await harness.service.get(second)).run_queue?.position).toBe(1);
    await harness.service.interrupt(first);
    await harness.until(async () => (await harness.service.get(second)).execution_status === 'finished');
    expect((await harness.service.get(second)).run_queue).toBeNull();
    expect(harness.llm.calls).toHaveLength(2);
  });

  it('a paused, stopped or deleted conversation leaves the queue and the next one moves up', async () => {
    const harness = await harnessWith({ script: sleepsThenDone });
    const [first, paused, stopped, deleted, last] = [
      await harness.create(),
      await harness.create(),
      await harness.create(),
      await harness.create(),
      await harness.create(),
    ];
    await harness.say(first, 'go');
    for (const id of [paused, stopped, deleted, last]) await harness.say(id, 'wait');
    expect((await harness.service.get(last)).run_queue?.position).toBe(4);
    await harness.service.pause(paused);
    await harness.service.interrupt(stopped);
    await harness.service.delete(deleted);
    expect((await harness.service.get(paused)).run_queue).toBeNull();
    expect((await harness.service.get(paused)).execution_status).toBe('paused');
    expect((await harness.service.get(stopped)).run_queue).toBeNull();
    expect((await harness.service.get(last)).run_queue?.position).toBe(1);
    await harness.service.interrupt(first);
    await harness.until(async () => (await harness.service.get(last)).execution_status === 'finished');
    expect(await harness.status(paused)).toBe('paused');
    expect(await harness.status(stopped)).toBe('idle');
  });

  it('asking again while waiting keeps the place; the order is saved for a restart', async () => {
    const harness = await harnessWith({ script: sleepsThenDone });
    const first = await harness.create();
    const second = await harness.create();
    const third = await harness.create();
    await harness.say(first, 'go');
    await harness.say(second, 'wait');
    await harness.say(third, 'wait');
    await harness.service.run(second);
    await harness.say(second, 'still waiting');
    expect((await harness.service.get(second)).run_queue?.position).toBe(1);
    const saved = JSON.parse(readFileSync(join(harness.dataDir, 'run-queue.json'), 'utf8'));
    expect(saved.queued.map((entry: { conversation_id: string }) => entry.conversation_id)).toEqual([
      second,
      third,
    ]);
    await harness.service.interrupt(first);
    await harness.until(async () => (await harness.service.get(third)).execution_status === 'finished');
  });

  it('a restarted runtime asks for the saved runs again in their order', async () => {
    const first = await harnessWith({ script: sleepsThenDone });
    const store = first.store;
    const running = await first.create();
    const a = await first.create();
    const b = await first.create();
    await first.say(running, 'go');
    await first.say(b, 'wait');
    await first.say(a, 'wait');
    const order = readFileSync(join(first.dataDir, 'run-queue.json'), 'utf8');
    // The runtime stops while two wait: shutting down stops the run but keeps the waiting order.
    await first.service.close();
    expect(readFileSync(join(first.dataDir, 'run-queue.json'), 'utf8')).toBe(order);
    const restarted = await harnessWith({
      store,
      dataDir: first.dataDir,
      script: { turns: [{ text: 'b first' }], fallback: { text: 'a next' } },
    });
    expect(JSON.parse(order).queued.length).toBe(2);
    await restarted.until(async () => (await restarted.service.get(a)).execution_status === 'finished');
    const [bMessages, aMessages] = [
      await restarted.kinds(b, 'MessageEvent'),
      await restarted.kinds(a, 'MessageEvent'),
    ];
    expect(JSON.stringify(bMessages)).toContain('b first');
    expect(JSON.stringify(aMessages)).toContain('a next');
  });
});
