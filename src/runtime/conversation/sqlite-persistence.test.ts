import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionEvent } from '../events';
import { openSqliteEventStore } from '../store/sqlite-event-store';
import { createServiceHarness } from './testing/create-service-harness';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'loop-sqlite-'));
});
afterEach(async () => rm(directory, { recursive: true, force: true }));

describe('the service on a real SQLite file', () => {
  it('after a crash mid-run, a restart marks the conversation error and answers the action in flight', async () => {
    const path = join(directory, 'workbench.db');
    const store = openSqliteEventStore(path);
    const before = await createServiceHarness({
      store,
      script: {
        turns: [
          {
            tool_calls: [
              { id: 'c1', name: 'terminal', arguments: { command: 'a' } },
              { id: 'c2', name: 'terminal', arguments: { command: 'b' } },
            ],
          },
        ],
      },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await before.create();
    await before.say(id, 'go');
    await before.settled(id);
    // The process dies while executing the approved batch: the row still says running.
    await store.updateConversation(id, { execution_status: 'running' });
    await store.close();

    const reopened = openSqliteEventStore(path);
    const after = await createServiceHarness({ store: reopened });
    try {
      const info = await after.service.get(id);
      expect(info.execution_status).toBe('error');
      const actions = (await after.kinds(id, 'ActionEvent')) as ActionEvent[];
      expect((await after.kinds(id, 'AgentErrorEvent'))[0]).toMatchObject({
        tool_call_id: 'c1',
        error: expect.stringMatching(/restart/),
      });
      expect((await after.kinds(id, 'ConversationErrorEvent'))[0]).toMatchObject({
        code: 'RuntimeRestarted',
      });
      expect(info.pending_action_ids).toEqual([actions[1]?.id]);
    } finally {
      await after.close();
      await reopened.close();
    }
  });

  it('a rename, the leaf and the status survive a restart', async () => {
    const path = join(directory, 'workbench.db');
    const store = openSqliteEventStore(path);
    const first = await createServiceHarness({ store, script: { turns: [{ text: 'ok' }] } });
    const id = await first.create();
    await first.say(id, 'hello');
    await first.settled(id);
    await first.service.update(id, { title: 'Renamed' });
    const infoBefore = await first.service.get(id);
    await first.close();
    await store.close();

    const reopened = openSqliteEventStore(path);
    const second = await createServiceHarness({ store: reopened });
    try {
      const info = await second.service.get(id);
      expect(info.title).toBe('Renamed');
      expect(info.execution_status).toBe('finished');
      expect(info.leaf_event_id).toBe(infoBefore.leaf_event_id);
    } finally {
      await second.close();
      await reopened.close();
    }
  });
});
