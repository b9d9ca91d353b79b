import { afterEach, describe, expect, it } from 'vitest';
import { createTestToolset, type TestToolset } from '../agent/testing/create-test-toolset';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

/** Closing a real terminal takes a while (SIGHUP, then a wait for the shell to go). */
function slowClosingToolsets(created: TestToolset[]) {
  return () => {
    const toolset = createTestToolset();
    const close = toolset.close;
    toolset.close = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await close();
    };
    created.push(toolset);
    return toolset;
  };
}

describe('delete racing with other requests', () => {
  it('a message sent while delete is closing the tools neither revives the conversation nor leaks a toolset', async () => {
    const created: TestToolset[] = [];
    harness = await createServiceHarness({
      script: { turns: [], fallback: { text: 'ok', delay_ms: 20 } },
      createToolset: slowClosingToolsets(created),
    });
    const id = await harness.create();
    // A watching client keeps the conversation (and its terminal) loaded after the run.
    const subscription = await harness.service.subscribe(id, () => {});
    await harness.say(id, 'go');
    await harness.settled(id);

    const deleting = harness.service.delete(id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    let sendError: unknown;
    try {
      await harness.say(id, 'are you there?');
    } catch (error) {
      sendError = error;
    }
    await deleting;
    subscription.unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(sendError).toMatchObject({ code: 'conversation_not_found' });
    await expect(harness.service.get(id)).rejects.toThrow();
    expect(created.every((toolset) => toolset.closed)).toBe(true);
  });

  it('a second delete while the first is under way is not found, and subscribers learn of the delete', async () => {
    const created: TestToolset[] = [];
    harness = await createServiceHarness({ createToolset: slowClosingToolsets(created) });
    const id = await harness.create();
    const subscription = await harness.service.subscribe(id, () => {});
    let ended = false;
    void subscription.ended?.then(() => {
      ended = true;
    });
    await harness.say(id, 'hello', false);

    const first = harness.service.delete(id);
    await expect(harness.service.delete(id)).rejects.toMatchObject({ code: 'conversation_not_found' });
    await expect(harness.service.subscribe(id, () => {})).rejects.toThrow(/not found/i);
    await first;
    await Promise.resolve();
    expect(ended).toBe(true);
    subscription.unsubscribe();
  });
});
