import { describe, expect, it } from 'vitest';
import { applyStateUpdate } from './apply-state-update';
import { conversationInfo, stateUpdate } from './testing/event-builders';

describe('applyStateUpdate and the run queue', () => {
  const queued = { ...conversationInfo(), run_queue: { position: 2, queued_at: '2026-01-01T00:00:00.000Z' } };

  it('a run that starts, a pause or an end takes the conversation out of the queue', () => {
    for (const status of ['running', 'paused', 'finished', 'error'])
      expect(applyStateUpdate(queued, stateUpdate(1, 'execution_status', status)).run_queue).toBeNull();
  });

  it('an idle conversation (a message recorded while it waits) keeps its place', () => {
    expect(applyStateUpdate(queued, stateUpdate(1, 'execution_status', 'idle')).run_queue).toEqual(
      queued.run_queue,
    );
  });
});
