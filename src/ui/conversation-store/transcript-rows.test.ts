import { describe, expect, it } from 'vitest';
import type { FilesRestoredEvent } from '../api/wire-types';
import { transcriptRows } from './transcript-rows';
import {
  agentError,
  agentMessage,
  controlEvent,
  hookDenial,
  rejection,
  statusUpdate,
  terminalAction,
  terminalObservation,
  userMessage,
} from './testing/event-builders';

describe('transcriptRows', () => {
  it('folds each answer into its action card and hides bookkeeping events', () => {
    const action = terminalAction(2, 'ls', { thought: 'Let me look around.' });
    const rows = transcriptRows({
      events: [
        userMessage(0, 'hi'),
        statusUpdate(1, 'running'),
        action,
        terminalObservation(3, action, 'a.txt'),
      ],
      streaming: [],
      optimistic: [],
      status: 'running',
    });
    expect(rows.map((row) => row.type)).toEqual(['message', 'thought', 'action']);
    const card = rows[2];
    expect(card?.type === 'action' && card.outcome.observation?.seq).toBe(3);
    expect(card?.type === 'action' && card.phase).toBe('done');
  });

  it("shows a hook's run as its own row, and the action it denied as rejected", () => {
    const action = terminalAction(1, 'rm -rf build');
    const rows = transcriptRows({
      events: [
        userMessage(0, 'clean'),
        action,
        hookDenial(2, action, 'no rm'),
        rejection(3, action, 'no rm'),
      ],
      streaming: [],
      optimistic: [],
      status: 'running',
    });
    expect(rows.map((row) => row.type)).toEqual(['message', 'action', 'hook']);
    expect(rows[1]?.type === 'action' && rows[1].phase).toBe('rejected');
  });

  it('gives each action the phase a person should see', () => {
    const running = terminalAction(0, 'sleep 5');
    const rejected = terminalAction(1, 'rm -rf /');
    const failed = terminalAction(2, 'false');
    const events = [
      running,
      rejected,
      failed,
      rejection(3, rejected, 'no'),
      agentError(4, failed.tool_call_id, 'boom'),
    ];
    const phases = (status: 'running' | 'waiting_for_confirmation' | 'paused') =>
      transcriptRows({ events, streaming: [], optimistic: [], status }).flatMap((row) =>
        row.type === 'action' ? [row.phase] : [],
      );
    expect(phases('running')).toEqual(['running', 'rejected', 'failed']);
    expect(phases('waiting_for_confirmation')).toEqual(['awaiting-approval', 'rejected', 'failed']);
    expect(phases('paused')).toEqual(['not-run', 'rejected', 'failed']);
  });

  it('shows an answer whose action is not loaded on its own', () => {
    const missing = terminalAction(0, 'ls');
    const rows = transcriptRows({
      events: [terminalObservation(5, missing, 'x')],
      streaming: [],
      optimistic: [],
      status: 'idle',
    });
    expect(rows.map((row) => row.type)).toEqual(['orphan']);
  });

  it('places streaming text after its anchor and unconfirmed messages last', () => {
    const rows = transcriptRows({
      events: [userMessage(0, 'hi'), agentMessage(1, 'a'), agentMessage(2, 'b')],
      streaming: [{ itemId: 'r', anchorSeq: 1, text: 'typing', reasoning: '' }],
      optimistic: [{ clientMessageId: 'ui-1', text: 'next', state: 'sending' }],
      status: 'running',
    });
    expect(rows.map((row) => row.key)).toEqual([
      userMessage(0, '').id,
      agentMessage(1, '').id,
      'streaming:r',
      agentMessage(2, '').id,
      'optimistic:ui-1',
    ]);
  });

  it('marks pauses, stops and condensations with a divider', () => {
    const base = { seq: 0, timestamp: '2025-01-01T00:00:00.000Z', source: 'user' as const };
    const rows = transcriptRows({
      events: [
        { ...base, id: 'p', kind: 'PauseEvent' },
        { ...base, id: 'i', seq: 1, kind: 'InterruptEvent' },
      ],
      streaming: [],
      optimistic: [],
      status: 'paused',
    });
    expect(rows.map((row) => (row.type === 'marker' ? row.label : row.type))).toEqual(['Paused', 'Stopped']);
  });

  it('shows a restore of the files as its own row, ending the agent turn', () => {
    const restore: FilesRestoredEvent = {
      kind: 'FilesRestoredEvent',
      id: 'r',
      seq: 2,
      timestamp: '2025-01-01T00:00:00.000Z',
      source: 'user',
      checkpoint_id: 'a'.repeat(40),
      backup_checkpoint_id: 'b'.repeat(40),
      files: [{ path: 'a.txt', status: 'modified', binary: false, additions: 1, deletions: 0 }],
    };
    const rows = transcriptRows({
      events: [agentMessage(0, 'Done.'), restore, agentMessage(3, 'Noted.')],
      streaming: [],
      optimistic: [],
      status: 'idle',
    });
    expect(rows.map((row) => row.type)).toEqual(['message', 'files-restored', 'message']);
    const row = rows[1];
    expect(row?.type === 'files-restored' && row.event.backup_checkpoint_id).toBe('b'.repeat(40));
    expect(rows[2]?.type === 'message' && rows[2].grouped).toBe(false);
  });

  it('groups the agent text within one turn and starts a new turn after the user speaks', () => {
    const action = terminalAction(2, 'ls', { thought: 'Looking.' });
    const rows = transcriptRows({
      events: [
        userMessage(0, 'go'),
        agentMessage(1, 'Sure.'),
        action,
        agentMessage(3, 'Done.'),
        userMessage(4, 'thanks'),
        agentMessage(5, 'Welcome.'),
      ],
      streaming: [],
      optimistic: [],
      status: 'finished',
    });
    const grouping = rows.flatMap((row) =>
      row.type === 'message' || row.type === 'thought' ? [`${row.type}:${row.grouped}`] : [],
    );
    expect(grouping).toEqual([
      'message:false',
      'message:false',
      'thought:true',
      'message:true',
      'message:false',
      'message:false',
    ]);
  });
});

describe('transcriptRows after a pause during a step', () => {
  it('shows the action of the step that is finishing as running, not as not run', () => {
    const nap = terminalAction(2, 'sleep 6');
    const events = [
      userMessage(0, 'go'),
      statusUpdate(1, 'running'),
      nap,
      controlEvent(3, 'PauseEvent'),
      statusUpdate(4, 'paused'),
    ];
    const phases = transcriptRows({ events, streaming: [], optimistic: [], status: 'paused' }).flatMap(
      (row) => (row.type === 'action' ? [row.phase] : []),
    );
    expect(phases).toEqual(['running']);
    const stopped = transcriptRows({
      events: [...events, controlEvent(5, 'InterruptEvent')],
      streaming: [],
      optimistic: [],
      status: 'paused',
    }).flatMap((row) => (row.type === 'action' ? [row.phase] : []));
    expect(stopped).toEqual(['not-run']);
  });
});

describe('transcriptRows for a command stopped at a prompt', () => {
  it('shows it done (it waits for input), not failed; an unfinished command is still failed', () => {
    const ask = terminalAction(0, 'read -p "Continue? " a');
    const hang = terminalAction(2, 'sleep 99');
    const waiting = terminalObservation(
      1,
      ask,
      'Continue? \n[Waiting for input: the command stopped at a prompt ("Continue? ") and is reading the terminal; it keeps running.]',
      null,
    );
    const unfinished = terminalObservation(3, hang, '[The command did not finish]', null);
    const phases = transcriptRows({
      events: [ask, waiting, hang, unfinished],
      streaming: [],
      optimistic: [],
      status: 'finished',
    }).flatMap((row) => (row.type === 'action' ? [row.phase] : []));
    expect(phases).toEqual(['done', 'failed']);
  });
});
