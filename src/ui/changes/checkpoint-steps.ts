import type { ActionEvent, Event } from '../api/wire-types';
import { describeAction } from '../components/describe-action';
import type { CheckpointItem, FileChange, FileChangeStatus } from './checkpoint-types';

/** A step that has a checkpoint: the state of the files just before it ran. */
export interface CheckpointStep {
  /** 1-based, in log order among the steps with a checkpoint. */
  number: number;
  checkpointId: string;
  eventId: string;
  /** "Step 3: Write the config" (the summary when the step's action is loaded). */
  label: string;
  /** The changes this step made: from its checkpoint to the next step's (or now, for the last). */
  from: string;
  to: string;
}

/** The steps with checkpoints, numbered and labelled from the loaded events. */
export function checkpointSteps(
  checkpoints: readonly CheckpointItem[],
  events: readonly Event[],
): CheckpointStep[] {
  const actions = new Map<string, ActionEvent>();
  for (const event of events) if (event.kind === 'ActionEvent') actions.set(event.id, event);
  return checkpoints.map((checkpoint, index) => {
    const action = actions.get(checkpoint.event_id);
    const number = index + 1;
    return {
      number,
      checkpointId: checkpoint.id,
      eventId: checkpoint.event_id,
      label: action ? `Step ${number}: ${describeAction(action).summary}` : `Step ${number}`,
      from: checkpoint.id,
      to: checkpoints[index + 1]?.id ?? 'now',
    };
  });
}

/**
 * The seq of the last event that may have changed the workspace's files (a tool's result or a
 * restore); -1 when there is none. The changes panel refreshes when it moves.
 */
export function lastFileEventSeq(events: readonly Event[]): number {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (event && (event.kind === 'ObservationEvent' || event.kind === 'FilesRestoredEvent')) return event.seq;
  }
  return -1;
}

const MAX_NAMED_FILES = 3;

/** "Files restored to before step 2: a.txt, b.txt and 3 more" for a FilesRestoredEvent's row. */
export function describeRestore(
  restore: { checkpoint_id: string; files: readonly FileChange[] },
  steps: readonly CheckpointStep[],
): string {
  // A step that changed nothing leaves the next one the same checkpoint: name the latest of them.
  const step = steps.findLast((candidate) => candidate.checkpointId === restore.checkpoint_id);
  const target = step ? `to before step ${step.number}` : 'to an earlier state';
  if (restore.files.length === 0) return `Files restored ${target}: nothing had changed`;
  const names = restore.files.slice(0, MAX_NAMED_FILES).map((file) => file.path);
  const more = restore.files.length - names.length;
  return `Files restored ${target}: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * What a restore does to a file, said from the workspace's side: a restore's preview lists the
 * changes from now to the checkpoint, so a file "added" by the restore comes back, and one "deleted"
 * by it is removed (it was added since).
 */
export function restoreEffect(status: FileChangeStatus): string {
  switch (status) {
    case 'added':
      return 'comes back';
    case 'deleted':
      return 'will be removed';
    case 'modified':
      return 'is put back';
    case 'renamed':
      return 'gets its old name back';
  }
}

/** "3 large files are not tracked" and the like, for the files the checkpoints skipped. */
export function describeSkipped(count: number): string | null {
  if (count === 0) return null;
  return count === 1
    ? '1 large or binary file is not tracked'
    : `${count} large or binary files are not tracked`;
}
