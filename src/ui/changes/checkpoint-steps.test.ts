import { describe, expect, it } from 'vitest';
import type { Event } from '../api/wire-types';
import {
  eventId,
  terminalAction,
  terminalObservation,
  userMessage,
} from '../conversation-store/testing/event-builders';
import {
  checkpointSteps,
  describeRestore,
  describeSkipped,
  lastFileEventSeq,
  restoreEffect,
} from './checkpoint-steps';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);

describe('checkpointSteps', () => {
  const events: Event[] = [
    userMessage(0, 'Go'),
    terminalAction(1, 'echo one > a.txt'),
    terminalAction(3, 'echo two > b.txt'),
  ];
  const checkpoints = [
    { id: A, event_id: eventId(1), seq: 1, created_at: '2025-01-01T00:00:00Z' },
    { id: B, event_id: eventId(3), seq: 3, created_at: '2025-01-01T00:00:01Z' },
    { id: C, event_id: eventId(9), seq: 9, created_at: '2025-01-01T00:00:02Z' },
  ];

  it('numbers the steps in order, labels them by their action and spans each to the next checkpoint', () => {
    const steps = checkpointSteps(checkpoints, events);
    expect(steps.map((step) => [step.number, step.label, step.from, step.to])).toEqual([
      [1, 'Step 1: echo one > a.txt', A, B],
      [2, 'Step 2: echo two > b.txt', B, C],
      // Its action is not loaded (an older page): just the number; the last step runs to now.
      [3, 'Step 3', C, 'now'],
    ]);
  });

  it('has no steps without checkpoints', () => {
    expect(checkpointSteps([], events)).toEqual([]);
  });
});

describe('lastFileEventSeq', () => {
  it('moves with each tool result and restore, not with other events', () => {
    const action = terminalAction(1, 'ls');
    expect(lastFileEventSeq([userMessage(0, 'Go'), action])).toBe(-1);
    const observed = [userMessage(0, 'Go'), action, terminalObservation(2, action, 'out')];
    expect(lastFileEventSeq(observed)).toBe(2);
    expect(lastFileEventSeq([...observed, userMessage(3, 'More')])).toBe(2);
    const restored: Event = {
      kind: 'FilesRestoredEvent',
      id: eventId(4),
      seq: 4,
      timestamp: '2025-01-01T00:00:04Z',
      source: 'user',
      checkpoint_id: A,
      backup_checkpoint_id: B,
      files: [],
    };
    expect(lastFileEventSeq([...observed, restored])).toBe(4);
  });
});

describe('describeRestore', () => {
  const steps = checkpointSteps([{ id: A, event_id: eventId(1), seq: 1, created_at: '' }], []);
  const file = (path: string) =>
    ({ path, status: 'modified', binary: false, additions: 1, deletions: 1 }) as const;

  it('names the step and the first files', () => {
    expect(describeRestore({ checkpoint_id: A, files: [file('a.txt'), file('b.txt')] }, steps)).toBe(
      'Files restored to before step 1: a.txt, b.txt',
    );
    expect(describeRestore({ checkpoint_id: A, files: ['a', 'b', 'c', 'd', 'e'].map(file) }, steps)).toBe(
      'Files restored to before step 1: a, b, c and 2 more',
    );
  });

  it('names the latest of the steps that share a checkpoint (a step that changed nothing)', () => {
    const shared = checkpointSteps(
      [
        { id: A, event_id: eventId(1), seq: 1, created_at: '' },
        { id: B, event_id: eventId(3), seq: 3, created_at: '' },
        { id: B, event_id: eventId(5), seq: 5, created_at: '' },
      ],
      [],
    );
    expect(describeRestore({ checkpoint_id: B, files: [file('a.txt')] }, shared)).toBe(
      'Files restored to before step 3: a.txt',
    );
  });

  it('says "an earlier state" for a checkpoint that is not a step (the backup of an undone restore)', () => {
    expect(describeRestore({ checkpoint_id: B, files: [file('a.txt')] }, steps)).toBe(
      'Files restored to an earlier state: a.txt',
    );
    expect(describeRestore({ checkpoint_id: B, files: [] }, steps)).toBe(
      'Files restored to an earlier state: nothing had changed',
    );
  });
});

describe('restoreEffect and describeSkipped', () => {
  it('says what a restore does to each file, from the workspace side', () => {
    expect(restoreEffect('deleted')).toBe('will be removed');
    expect(restoreEffect('added')).toBe('comes back');
    expect(restoreEffect('modified')).toBe('is put back');
  });

  it('counts the skipped files quietly, or says nothing', () => {
    expect(describeSkipped(0)).toBeNull();
    expect(describeSkipped(1)).toBe('1 large or binary file is not tracked');
    expect(describeSkipped(3)).toBe('3 large or binary files are not tracked');
  });
});
