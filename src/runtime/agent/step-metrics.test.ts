import { afterEach, describe, expect, it } from 'vitest';
import { createServiceHarness, type ServiceHarness } from '../conversation/testing/create-service-harness';
import type { ActionEvent, Condensation, MessageEvent } from '../events';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

describe('per-step metrics in the log', () => {
  it("a reply, the first action of a batch and a summary each carry their call's figures", async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          {
            tool_calls: [
              { name: 'terminal', arguments: { command: 'a' } },
              { name: 'terminal', arguments: { command: 'b' } },
            ],
            usage: { prompt_tokens: 900, completion_tokens: 20 },
          },
          { text: 'the summary' },
          { text: 'Done.', usage: { prompt_tokens: 1_200, completion_tokens: 5 } },
        ],
      },
      service: { condenser: { maxEvents: 5, keepFirst: 2 } },
    });
    const id = await harness.create();
    await harness.say(id, 'run two');
    expect(await harness.settled(id)).toBe('finished');
    const actions = (await harness.kinds(id, 'ActionEvent')) as ActionEvent[];
    expect(actions[0]?.metrics).toMatchObject({
      model: 'scripted-model',
      prompt_tokens: 900,
      completion_tokens: 20,
      reasoning_tokens: 0,
      cost: 0,
    });
    // The clock advances on each reading: the call took a whole number of its milliseconds.
    expect(Number.isInteger(actions[0]?.metrics?.latency_ms)).toBe(true);
    expect(actions[1]?.metrics).toBeUndefined();
    const replies = (await harness.kinds(id, 'MessageEvent')) as MessageEvent[];
    expect(replies.find((event) => event.source === 'agent')?.metrics).toMatchObject({
      prompt_tokens: 1_200,
    });
    const [condensation] = (await harness.kinds(id, 'Condensation')) as Condensation[];
    expect(condensation?.metrics?.model).toBe('scripted-model');
  });
});
