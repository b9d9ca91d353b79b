import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../events';
import { actionEvent, linearBranch, observationEvent, userMessage } from '../events/fixtures/event-builders';
import { eventsToMessages } from './events-to-messages';
import { buildView } from './view';

/** An action with the given reasoning and thinking blocks, as recordToolCalls writes the first of a batch. */
function thinkingAction(reasoning: string, blocks: { thinking: string; signature: string }[]): NewEvent {
  return {
    ...(actionEvent(2) as Extract<NewEvent, { kind: 'ActionEvent' }>),
    reasoning_content: reasoning,
    thinking_blocks: blocks.map((block) => ({ type: 'thinking' as const, ...block })),
  };
}

const assistantOf = (action: NewEvent) =>
  eventsToMessages(
    buildView(linearBranch([userMessage(1, 'go'), action, observationEvent(3, 2)])).items,
  ).find((message) => message.role === 'assistant');

describe('eventsToMessages: signed thinking', () => {
  it('passes the signature of the action reasoning on to the assistant message', () => {
    expect(
      assistantOf(thinkingAction('Look first.', [{ thinking: 'Look first.', signature: 'sig' }])),
    ).toMatchObject({
      reasoning: 'Look first.',
      reasoning_signature: 'sig',
    });
  });

  it('sends no signature that no longer covers the reasoning text', () => {
    const cases = [
      thinkingAction('Look first.', [{ thinking: 'Something else.', signature: 'sig' }]),
      thinkingAction('A. B.', [
        { thinking: 'A.', signature: 'sig-a' },
        { thinking: 'B.', signature: 'sig-b' },
      ]),
      // Secret redaction rewrote both copies alike: the provider would refuse the altered block.
      thinkingAction('Use ‹secret:LLM_API_KEY›.', [
        { thinking: 'Use ‹secret:LLM_API_KEY›.', signature: 'sig' },
      ]),
    ];
    for (const action of cases) {
      const message = assistantOf(action);
      expect(message).toHaveProperty('reasoning');
      expect(message).not.toHaveProperty('reasoning_signature');
    }
  });
});
