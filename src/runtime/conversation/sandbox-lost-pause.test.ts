import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationErrorEvent } from '../events';
import { createTestToolset } from '../agent/testing/create-test-toolset';
import type { Toolset } from '../tools/tool';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

const command = (text: string) => ({ tool_calls: [{ name: 'terminal', arguments: { command: text } }] });
const REASON =
  'The Docker daemon does not answer (connect ENOENT), so commands are disabled: start the Docker daemon.';

/** The test toolset with a sandbox that is lost while `lost.now` holds a reason. */
function toolsetWithLosableSandbox(lost: { now: string | undefined; afterCommands: number }) {
  const base = createTestToolset();
  const toolset: Toolset = {
    get tools() {
      return base.tools;
    },
    get: (name) => base.get(name),
    close: () => base.close(),
    sandbox: {
      personTerminal: () => {
        throw new Error('no person terminal in this test');
      },
      networkMember: async () => undefined,
      lost: () => (base.executed.length >= lost.afterCommands ? lost.now : undefined),
    },
  };
  return toolset;
}

describe('a sandbox lost during a run', () => {
  it('pauses the run before the next step with the reason, and a resume once it is back goes on', async () => {
    const lost = { now: REASON as string | undefined, afterCommands: 1 };
    harness = await createServiceHarness({
      script: { turns: [command('echo a'), command('echo b'), { text: 'done' }] },
      createToolset: () => toolsetWithLosableSandbox(lost),
    });
    const id = await harness.create();
    await harness.say(id, 'work');
    expect(await harness.settled(id)).toBe('paused');
    expect(harness.llm.calls).toHaveLength(1);
    const [error] = (await harness.kinds(id, 'ConversationErrorEvent')) as ConversationErrorEvent[];
    expect(error?.code).toBe('SandboxUnavailable');
    expect(error?.detail).toContain('start the Docker daemon');
    expect(error?.detail).toContain('The run is paused');
    lost.now = undefined;
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llm.calls).toHaveLength(3);
  });
});
