import { afterEach, describe, expect, it } from 'vitest';
import type { Condensation } from '../events';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

const terminal = (command: string) => ({ tool_calls: [{ name: 'terminal', arguments: { command } }] });

describe('condensation inside the loop', () => {
  it('condenses with one summarizer call when the view outgrows the window, and the model then sees the summary', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          terminal('a'),
          terminal('b'),
          terminal('c'),
          { text: 'SUMMARY: ran a, b and c.' },
          { text: 'All done.' },
        ],
      },
      service: { condenser: { maxEvents: 7, keepFirst: 2 } },
    });
    const id = await harness.create();
    await harness.say(id, 'run three commands');
    expect(await harness.settled(id)).toBe('finished');
    const condensations = (await harness.kinds(id, 'Condensation')) as Condensation[];
    expect(condensations).toHaveLength(1);
    expect(condensations[0]).toMatchObject({
      summary: expect.stringContaining('SUMMARY: ran a, b and c.'),
      summary_offset: 2,
    });
    expect(condensations[0]?.forgotten_event_ids.length).toBeGreaterThan(0);
    const summarizerCall = harness.llm.calls[3];
    expect(summarizerCall?.tools).toEqual([]);
    const afterCall = harness.llm.calls[4];
    expect(JSON.stringify(afterCall?.messages)).toContain('SUMMARY: ran a, b and c.');
    expect(afterCall?.messages.length).toBeLessThan(harness.llm.calls[2]?.messages.length ?? 0);
  });

  it('a CondensationRequest condenses even below the window', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ text: 'first' }, { text: 'the summary' }, { text: 'second' }] },
      service: { condenser: { maxEvents: 100, keepFirst: 1 } },
    });
    const id = await harness.create();
    await harness.say(id, 'one');
    await harness.settled(id);
    await harness.store.append(id, {
      kind: 'CondensationRequest',
      id: '00000000-0000-4000-9000-000000000001',
      timestamp: '2025-01-01T00:00:01.000Z',
      source: 'user',
    });
    await harness.say(id, 'two');
    expect(await harness.settled(id)).toBe('finished');
    expect(await harness.kinds(id, 'Condensation')).toHaveLength(1);
    expect(harness.llm.calls).toHaveLength(3);
  });
});
