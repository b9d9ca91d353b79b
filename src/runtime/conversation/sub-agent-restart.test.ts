import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../store/sqlite-event-store';
import { createServiceHarness } from './testing/create-service-harness';
import { gatedTestToolset } from './testing/gated-test-toolset';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'sub-agent-restart-'));
});
afterEach(async () => rm(directory, { recursive: true, force: true }));

describe('a runtime restart while a sub-agent runs', () => {
  it("leaves parent and child each failed with the action in flight answered, the child's spend counted, and both resume", async () => {
    const path = join(directory, 'workbench.db');
    const store = openSqliteEventStore(path);
    const gate = gatedTestToolset();
    const before = await createServiceHarness({
      store,
      createToolset: gate.create,
      script: {
        turns: [
          {
            tool_calls: [{ id: 'call_task', name: 'task', arguments: { prompt: 'slow job' } }],
            usage: { prompt_tokens: 100, completion_tokens: 10, cost: 0.01 },
          },
          {
            tool_calls: [{ id: 'call_gate', name: 'terminal', arguments: { command: 'gate' } }],
            usage: { prompt_tokens: 200, completion_tokens: 20, cost: 0.02 },
          },
        ],
      },
    });
    const parent = await before.create();
    await before.say(parent, 'go');
    await gate.entered;
    const [child] = (await before.service.get(parent)).sub_conversation_ids ?? [];
    if (!child) throw new Error('no child');

    // The process dies here: a second runtime opens the same database while both rows say running.
    const reopened = openSqliteEventStore(path);
    const after = await createServiceHarness({
      store: reopened,
      script: { turns: [{ text: 'Parent resumed.' }, { text: 'Child resumed.' }] },
    });
    try {
      for (const id of [parent, child]) {
        const info = await after.service.get(id);
        expect(info.execution_status).toBe('error');
        expect(info.pending_action_ids).toEqual([]);
        expect((await after.kinds(id, 'ConversationErrorEvent')).at(-1)).toMatchObject({
          code: 'RuntimeRestarted',
        });
      }
      expect((await after.kinds(parent, 'AgentErrorEvent'))[0]).toMatchObject({ tool_call_id: 'call_task' });
      expect((await after.kinds(child, 'AgentErrorEvent'))[0]).toMatchObject({ tool_call_id: 'call_gate' });
      // What the child spent before the restart is already in the parent's figures; the child keeps its own.
      expect((await after.service.get(parent)).stats).toMatchObject({
        prompt_tokens: 300,
        completion_tokens: 30,
      });
      expect((await after.service.get(parent)).stats.cost).toBeCloseTo(0.03);
      expect((await after.service.get(child)).stats.cost).toBeCloseTo(0.02);
      // Still linked, and each can be run again on its own.
      expect((await after.service.get(parent)).sub_conversation_ids).toEqual([child]);
      expect((await after.service.get(child)).parent_conversation_id).toBe(parent);
      await after.service.run(parent);
      expect(await after.settled(parent)).toBe('finished');
      await after.service.run(child);
      expect(await after.settled(child)).toBe('finished');
    } finally {
      await after.close();
      // The old runtime's run is let go (in a real crash it is simply gone).
      gate.open();
      await before.close();
      await reopened.close();
      await store.close();
    }
  });
});
