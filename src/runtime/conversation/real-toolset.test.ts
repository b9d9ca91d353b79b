import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentText, type ObservationEvent } from '../events';
import { createToolset } from '../tools/create-toolset';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

const realToolset = (options: { conversationId: string; workspaceDir: string; observationsDir: string }) =>
  createToolset({ ...options, sandbox: false });

describe('the loop with the real toolset', () => {
  it('runs terminal and file_editor calls in the workspace and finishes', async () => {
    harness = await createServiceHarness({ createToolset: realToolset, script: { turns: [] } });
    const id = await harness.create();
    const file = join(harness.workspace, 'notes.txt');
    harness.llm.setScript({
      turns: [
        {
          tool_calls: [
            { id: 'c1', name: 'bash', arguments: { command: 'echo hello > notes.txt && cat notes.txt' } },
          ],
        },
        {
          tool_calls: [
            {
              id: 'c2',
              name: 'str_replace',
              arguments: { path: file, old_str: 'hello', new_str: 'goodbye' },
            },
          ],
        },
        { tool_calls: [{ id: 'c3', name: 'finish', arguments: { message: 'Edited.' } }] },
      ],
    });
    await harness.say(id, 'write and edit a note');
    expect(await harness.settled(id, 15_000)).toBe('finished');
    const observations = (await harness.kinds(id, 'ObservationEvent')) as ObservationEvent[];
    expect(observations.map((event) => event.observation.kind)).toEqual([
      'TerminalObservation',
      'FileEditorObservation',
      'FinishObservation',
    ]);
    expect(contentText(observations[0]?.observation.content ?? [])).toContain('hello');
    expect(await readFile(file, 'utf8')).toBe('goodbye\n');
  });

  it('interrupt stops a running command at once and leaves status paused', async () => {
    harness = await createServiceHarness({
      createToolset: realToolset,
      script: {
        // Ten minutes: an interrupt that returns stopped the command rather than waiting it out.
        turns: [{ tool_calls: [{ id: 'c1', name: 'terminal', arguments: { command: 'sleep 600' } }] }],
      },
    });
    const id = await harness.create();
    await harness.say(id, 'wait');
    const deadline = Date.now() + 10_000;
    while ((await harness.kinds(id, 'ActionEvent')).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await harness.service.interrupt(id);
    expect(await harness.status(id)).toBe('paused');
    expect((await harness.service.get(id)).pending_action_ids).toEqual([]);
  });
});
