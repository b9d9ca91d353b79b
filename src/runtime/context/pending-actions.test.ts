import { describe, expect, it } from 'vitest';
import {
  actionEvent,
  agentErrorEvent,
  agentMessage,
  linearBranch,
  observationEvent,
  rejectionEvent,
  testId,
  userMessage,
} from '../events/fixtures/event-builders';
import { pendingActions } from '../../event-facts';

const pendingIds = (events: Parameters<typeof linearBranch>[0]) =>
  pendingActions(linearBranch(events)).map((action) => action.id);

describe('pendingActions', () => {
  it('an executable action with nothing after it is pending (scenario 1)', () => {
    expect(pendingIds([userMessage(1, 'list files'), actionEvent(2)])).toEqual([testId(2)]);
  });

  it('an observation naming the action answers it (scenario 2)', () => {
    expect(pendingIds([actionEvent(1), observationEvent(2, 1)])).toEqual([]);
  });

  it('a rejection answers it (scenario 3)', () => {
    expect(pendingIds([actionEvent(1), rejectionEvent(2, 1, 'no')])).toEqual([]);
  });

  it('an agent error with the same tool_call_id answers it (scenario 4)', () => {
    expect(pendingIds([actionEvent(1, { toolCallId: 'X' }), agentErrorEvent(2, 'X', 'interrupted')])).toEqual(
      [],
    );
  });

  it('of four actions answered by observation, rejection, error and nothing, only the last is pending (scenario 5)', () => {
    const batch = { responseId: 'resp_1' };
    expect(
      pendingIds([
        actionEvent(1, batch),
        actionEvent(2, batch),
        actionEvent(3, batch),
        actionEvent(4, batch),
        observationEvent(5, 1),
        rejectionEvent(6, 2, 'too risky'),
        agentErrorEvent(7, 'call_3', 'bad arguments'),
      ]),
    ).toEqual([testId(4)]);
  });

  it('an action that could not be parsed (action null) is never pending (scenario 6)', () => {
    expect(pendingIds([actionEvent(1, { action: null })])).toEqual([]);
  });

  it('keeps log order and matches a reused tool_call_id to the oldest unanswered action', () => {
    expect(
      pendingIds([
        actionEvent(1, { toolCallId: 'call_0' }),
        agentErrorEvent(2, 'call_0', 'failed'),
        agentMessage(3, 'retrying'),
        actionEvent(4, { toolCallId: 'call_0', responseId: 'r2' }),
        actionEvent(5, { toolCallId: 'call_1', responseId: 'r2' }),
      ]),
    ).toEqual([testId(4), testId(5)]);
  });
});
