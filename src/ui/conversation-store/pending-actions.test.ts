import { describe, expect, it } from 'vitest';
import { pendingActions } from '../../event-facts';
import {
  agentError,
  invalidAction,
  rejection,
  terminalAction,
  terminalObservation,
} from './testing/event-builders';

const ids = (events: readonly { id: string }[]) => events.map((event) => event.id);

describe('pendingActions (SCENARIOS 1–6)', () => {
  it('an action with nothing after it is pending', () => {
    const action = terminalAction(0, 'ls');
    expect(ids(pendingActions([action]))).toEqual([action.id]);
  });

  it('an observation, a rejection or an agent error answers an action', () => {
    const a1 = terminalAction(0, 'a');
    const a2 = terminalAction(1, 'b');
    const a3 = terminalAction(2, 'c');
    const a4 = terminalAction(3, 'd');
    const events = [
      a1,
      a2,
      a3,
      a4,
      terminalObservation(4, a1, 'ok'),
      rejection(5, a2, 'no'),
      agentError(6, a3.tool_call_id, 'interrupted'),
    ];
    expect(ids(pendingActions(events))).toEqual([a4.id]);
  });

  it('an action that could not be executed (action null) is never pending', () => {
    expect(pendingActions([invalidAction(0)])).toEqual([]);
  });

  it('an agent error answers the oldest open action with its reused tool_call_id, as the runtime pairs it', () => {
    const first = terminalAction(0, 'a');
    const reused = { ...terminalAction(1, 'b'), tool_call_id: first.tool_call_id };
    const events = [first, reused, agentError(2, first.tool_call_id, 'failed')];
    expect(ids(pendingActions(events))).toEqual([reused.id]);
  });
});
