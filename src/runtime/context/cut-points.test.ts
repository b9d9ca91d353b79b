import { describe, expect, it } from 'vitest';
import {
  actionEvent,
  agentMessage,
  linearBranch,
  observationEvent,
  userMessage,
} from '../events/fixtures/event-builders';
import { cutPoints } from './cut-points';
import { isLLMVisible } from './view-item';

const items = (events: Parameters<typeof linearBranch>[0]) => linearBranch(events).filter(isLLMVisible);

describe('cutPoints (scenario 25)', () => {
  it('an empty view can only be cut at 0', () => {
    expect(cutPoints([])).toEqual([0]);
  });

  it('three messages can be cut anywhere', () => {
    expect(cutPoints(items([userMessage(1, 'a'), agentMessage(2, 'b'), userMessage(3, 'c')]))).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('never between an action and its observation', () => {
    expect(cutPoints(items([actionEvent(1), observationEvent(2, 1)]))).toEqual([0, 2]);
  });

  it('around a pair between messages', () => {
    const view = items([
      userMessage(1, 'go'),
      actionEvent(2),
      observationEvent(3, 2),
      agentMessage(4, 'done'),
    ]);
    expect(cutPoints(view)).toEqual([0, 1, 3, 4]);
  });

  it('not inside a batch of two actions whose answers come after a message', () => {
    const batch = { responseId: 'r1' };
    const view = items([
      actionEvent(1, batch),
      actionEvent(2, batch),
      userMessage(3, 'meanwhile'),
      observationEvent(4, 1),
      observationEvent(5, 2),
    ]);
    expect(cutPoints(view)).toEqual([0, 5]);
  });

  it('keeps an agent message with its batch and an unanswered action open to the end', () => {
    const view = items([
      userMessage(1, 'go'),
      agentMessage(2, 'I will look.', { llm_response_id: 'r1' }),
      actionEvent(3, { responseId: 'r1' }),
      observationEvent(4, 3),
      actionEvent(5),
      agentMessage(6, 'still running'),
    ]);
    expect(cutPoints(view)).toEqual([0, 1, 4, 6]);
  });
});
