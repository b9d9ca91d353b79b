import { describe, expect, it } from 'vitest';
import type { Event } from '../events';
import {
  actionEvent,
  agentErrorEvent,
  agentMessage,
  condensationEvent,
  linearBranch,
  observationEvent,
  rejectionEvent,
  stateUpdateEvent,
  systemPrompt,
  testId,
  userMessage,
} from '../events/fixtures/event-builders';
import { buildView, EMPTY_VIEW, extendView, type ViewItem } from './view';

const ids = (items: readonly ViewItem[]) =>
  items.map((item) => (item.kind === 'CondensationSummary' ? 'S' : item.id));

describe('buildView', () => {
  it('keeps only events the model reads', () => {
    const branch = linearBranch([
      systemPrompt(0),
      userMessage(1, 'hi'),
      stateUpdateEvent(2, 'execution_status', 'running'),
      agentMessage(3, 'hello'),
      { kind: 'PauseEvent', id: testId(4), timestamp: '2025-01-01T00:00:04.000Z', source: 'user' },
      {
        kind: 'ConversationErrorEvent',
        id: testId(5),
        timestamp: '2025-01-01T00:00:05.000Z',
        source: 'environment',
        code: 'LLMAuthError',
        detail: 'The key was refused.',
      },
    ]);
    expect(ids(buildView(branch).items)).toEqual([testId(0), testId(1), testId(3)]);
  });

  it('a condensation forgetting nothing puts its summary at its offset (scenario 23)', () => {
    const messages = [1, 2, 3, 4, 5].map((n) => userMessage(n, `m${n}`));
    for (const offset of [0, 2, 5]) {
      const view = buildView(linearBranch([...messages, condensationEvent(6, [], { text: 'S', offset })]));
      expect(view.items).toHaveLength(6);
      expect(view.items[offset]).toEqual({ kind: 'CondensationSummary', id: testId(6), summary: 'S' });
    }
  });

  it('forgotten events leave, the summary stands at its offset among later events (scenario 24)', () => {
    const branch = linearBranch([
      userMessage(0, 'm0'),
      agentMessage(1, 'm1'),
      userMessage(2, 'm2'),
      condensationEvent(9, [0, 1], { text: 'S', offset: 1 }),
      agentMessage(3, 'm3'),
      userMessage(4, 'm4'),
    ]);
    expect(ids(buildView(branch).items)).toEqual([testId(2), 'S', testId(3), testId(4)]);
  });

  it('uses the latest summary; a condensation without one keeps the previous', () => {
    const branch = linearBranch([
      userMessage(1, 'a'),
      userMessage(2, 'b'),
      userMessage(3, 'c'),
      condensationEvent(10, [1], { text: 'first', offset: 0 }),
      condensationEvent(11, [2]),
    ]);
    const view = buildView(branch);
    expect(ids(view.items)).toEqual(['S', testId(3)]);
    expect(view.items[0]).toMatchObject({ summary: 'first' });
    const replaced = buildView([
      ...branch,
      ...linearBranch([condensationEvent(12, [], { text: 'second', offset: 1 })]),
    ]);
    expect(replaced.items[1]).toMatchObject({ summary: 'second', id: testId(12) });
  });

  it('drops an action without its answer and an answer without its action', () => {
    const branch = linearBranch([
      userMessage(1, 'go'),
      actionEvent(2),
      observationEvent(3, 2),
      condensationEvent(4, [2]),
      actionEvent(5),
    ]);
    expect(ids(buildView(branch).items)).toEqual([testId(1)]);
  });

  it('keeps one answer per tool call', () => {
    const branch = linearBranch([
      actionEvent(1),
      observationEvent(2, 1),
      agentErrorEvent(3, 'call_1', 'late error'),
    ]);
    expect(ids(buildView(branch).items)).toEqual([testId(1), testId(2)]);
  });

  it('drops the rest of a batch whose other half was forgotten, with its answers', () => {
    const batch = { responseId: 'r1' };
    const branch = linearBranch([
      userMessage(1, 'go'),
      actionEvent(2, batch),
      actionEvent(3, batch),
      observationEvent(4, 2),
      rejectionEvent(5, 3, 'no'),
      condensationEvent(6, [2, 4]),
      agentMessage(7, 'ok'),
    ]);
    expect(ids(buildView(branch).items)).toEqual([testId(1), testId(7)]);
  });

  it('shows a batch only once every action in it is answered', () => {
    const batch = { responseId: 'r1' };
    const head = [userMessage(1, 'go'), actionEvent(2, batch), actionEvent(3, batch), observationEvent(4, 2)];
    expect(ids(buildView(linearBranch(head)).items)).toEqual([testId(1)]);
    const complete = linearBranch([...head, observationEvent(5, 3)]);
    expect(ids(buildView(complete).items)).toEqual([1, 2, 3, 4, 5].map(testId));
  });
});

describe('extendView', () => {
  it('equals buildView of the longer branch after every append', () => {
    const branch: Event[] = linearBranch([
      systemPrompt(0),
      userMessage(1, 'go'),
      actionEvent(2, { responseId: 'r1' }),
      actionEvent(3, { responseId: 'r1' }),
      userMessage(4, 'typed while waiting'),
      observationEvent(5, 2),
      stateUpdateEvent(6, 'execution_status', 'running'),
      rejectionEvent(7, 3, 'no'),
      agentMessage(8, 'ok'),
      condensationEvent(9, [1, 2, 5], { text: 'S', offset: 1 }),
      actionEvent(10, { action: null }),
      agentErrorEvent(11, 'call_10', 'Tool nonexistent_tool not found.'),
      userMessage(12, 'thanks'),
    ]);
    let view = EMPTY_VIEW;
    branch.forEach((event, index) => {
      view = extendView(view, event);
      expect(view.items).toEqual(buildView(branch.slice(0, index + 1)).items);
    });
  });

  it('returns the same view for events the model does not read', () => {
    const view = buildView(linearBranch([userMessage(1, 'hi')]));
    const [update] = linearBranch([stateUpdateEvent(2, 'stats', {})]);
    expect(update && extendView(view, update)).toBe(view);
  });
});
