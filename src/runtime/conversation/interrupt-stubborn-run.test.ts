import { afterEach, describe, expect, it } from 'vitest';
import { createTestToolset } from '../agent/testing/create-test-toolset';
import type { Event, Observation } from '../events';
import type { Tool, Toolset } from '../tools/tool';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

/** Longer than the interrupt's grace period, so the interrupt answers for the tool. */
const STUBBORN_MS = 2_200;

/** The test toolset whose `terminal` ignores the abort signal, like a command that traps C-c. */
function stubbornToolset(): Toolset {
  const base = createTestToolset();
  const terminal = base.get('terminal') as Tool;
  const stubborn: Tool = {
    ...terminal,
    async execute(action): Promise<Observation> {
      await new Promise((resolve) => setTimeout(resolve, STUBBORN_MS));
      return {
        kind: 'TerminalObservation',
        content: [{ type: 'text', text: 'finished late' }],
        is_error: false,
        command: action.kind === 'TerminalAction' ? action.command : '',
        exit_code: 0,
        timed_out: false,
      };
    },
  };
  const tools = base.tools.map((tool) => (tool.name === 'terminal' ? stubborn : tool));
  return { tools, get: (name) => tools.find((tool) => tool.name === name), close: base.close };
}

const answersTo = (events: Event[], toolCallId: string) =>
  events.filter(
    (event) =>
      (event.kind === 'ObservationEvent' || event.kind === 'AgentErrorEvent') &&
      event.tool_call_id === toolCallId,
  );

describe('interrupt of a run whose tool ignores the abort', () => {
  it('answers the action once, records nothing after paused, and the next message runs', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          { tool_calls: [{ id: 'c1', name: 'terminal', arguments: { command: 'yes' } }] },
          { text: 'ok' },
        ],
      },
      createToolset: stubbornToolset,
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await new Promise((resolve) => setTimeout(resolve, 30));
    await harness.service.interrupt(id);
    expect(await harness.status(id)).toBe('paused');
    const afterInterrupt = (await harness.events(id)).length;

    // The tool comes back after the interrupt gave up on it: its late answer must not be recorded.
    await new Promise((resolve) => setTimeout(resolve, STUBBORN_MS));
    expect(await harness.events(id)).toHaveLength(afterInterrupt);
    expect(answersTo(await harness.events(id), 'c1')).toHaveLength(1);
    expect(await harness.status(id)).toBe('paused');

    await harness.say(id, 'again');
    expect(await harness.settled(id)).toBe('finished');
    const last = (await harness.events(id)).findLast((event) => event.kind === 'MessageEvent');
    expect(last?.kind === 'MessageEvent' && last.llm_message.content).toEqual([{ type: 'text', text: 'ok' }]);
  });

  it('a run asked for while the stubborn tool is still going starts at once', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          { tool_calls: [{ id: 'c1', name: 'terminal', arguments: { command: 'yes' } }] },
          { text: 'ok' },
        ],
      },
      createToolset: stubbornToolset,
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await new Promise((resolve) => setTimeout(resolve, 30));
    await harness.service.interrupt(id);
    await harness.say(id, 'again');
    expect(await harness.settled(id)).toBe('finished');
    await new Promise((resolve) => setTimeout(resolve, STUBBORN_MS));
    expect(answersTo(await harness.events(id), 'c1')).toHaveLength(1);
    expect(await harness.status(id)).toBe('finished');
  });
});
