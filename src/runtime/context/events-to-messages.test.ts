import { describe, expect, it } from 'vitest';
import {
  actionEvent,
  agentErrorEvent,
  agentMessage,
  condensationEvent,
  linearBranch,
  observationEvent,
  rejectionEvent,
  systemPrompt,
  userMessage,
} from '../events/fixtures/event-builders';
import { eventsToMessages } from './events-to-messages';
import { buildView } from './view';

const messagesOf = (events: Parameters<typeof linearBranch>[0]) =>
  eventsToMessages(buildView(linearBranch(events)).items);

describe('eventsToMessages', () => {
  it('merges two user messages into one, then the assistant (scenario 20)', () => {
    expect(
      messagesOf([userMessage(1, 'first'), userMessage(2, 'second'), agentMessage(3, 'answer')]),
    ).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'first' },
          { type: 'text', text: 'second' },
        ],
      },
      { role: 'assistant', content: 'answer', tool_calls: [] },
    ]);
  });

  it('reads a condensation summary as user text merged before the next user message (scenario 21)', () => {
    const messages = messagesOf([
      userMessage(1, 'old'),
      condensationEvent(2, [1], { text: 'Summary of earlier work', offset: 0 }),
      userMessage(3, 'next step'),
    ]);
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Summary of earlier work' },
          { type: 'text', text: 'next step' },
        ],
      },
    ]);
  });

  it('turns a batch into one assistant message with both tool calls and the first thought (scenario 22)', () => {
    const batch = { responseId: 'r1' };
    const messages = messagesOf([
      userMessage(1, 'look around'),
      actionEvent(2, { ...batch, thought: 'Let me list and read.' }),
      actionEvent(3, { ...batch, thought: 'ignored' }),
      observationEvent(4, 2, 'a.txt'),
      observationEvent(5, 3, 'hello'),
    ]);
    expect(messages).toHaveLength(4);
    expect(messages[1]).toMatchObject({ role: 'assistant', content: 'Let me list and read.' });
    expect(messages[1]?.role === 'assistant' && messages[1].tool_calls.map((call) => call.id)).toEqual([
      'call_2',
      'call_3',
    ]);
    expect(messages.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'call_2', tool_name: 'terminal', content: 'a.txt' },
      { role: 'tool', tool_call_id: 'call_3', tool_name: 'terminal', content: 'hello' },
    ]);
  });

  it('makes the system prompt event two system messages: the stable static part, then the dynamic context', () => {
    const [prompt] = linearBranch([systemPrompt(0, 'Static rules.')]);
    if (prompt?.kind !== 'SystemPromptEvent') throw new Error('expected a system prompt event');
    const withContext = { ...prompt, dynamic_context: { type: 'text' as const, text: 'Today is Monday.' } };
    expect(eventsToMessages([withContext])).toEqual([
      { role: 'system', content: 'Static rules.', stable: true },
      { role: 'system', content: 'Today is Monday.' },
    ]);
  });

  it('reads a rejection as "Action rejected: <reason>" (scenario 10)', () => {
    const messages = messagesOf([actionEvent(1), rejectionEvent(2, 1, 'Not safe to run')]);
    expect(messages[1]).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_1',
      content: 'Action rejected: Not safe to run',
    });
  });

  it('starts an error answer with a line saying an error occurred', () => {
    const failed = messagesOf([actionEvent(1), observationEvent(2, 1, 'ls: cannot access', true)]);
    expect(failed[1]?.role === 'tool' && failed[1].content.split('\n')).toEqual([
      'An error occurred while running the tool terminal.',
      'ls: cannot access',
    ]);
    const unknownTool = messagesOf([
      actionEvent(1, { action: null }),
      agentErrorEvent(2, 'call_1', 'Tool nonexistent_tool not found.', 'nonexistent_tool'),
    ]);
    expect(unknownTool[1]).toMatchObject({
      role: 'tool',
      tool_name: 'nonexistent_tool',
      content: 'An error occurred while calling the tool nonexistent_tool.\nTool nonexistent_tool not found.',
    });
  });

  it('folds the agent text of a response into the assistant message that carries its tool calls', () => {
    const messages = messagesOf([
      userMessage(1, 'go'),
      agentMessage(2, 'Checking the tree.', { llm_response_id: 'r1' }),
      actionEvent(3, { responseId: 'r1', thought: 'ls first' }),
      observationEvent(4, 3),
    ]);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(messages[1]).toMatchObject({ content: 'Checking the tree.\nls first' });
  });

  it('holds a message typed during a batch until after its tool results', () => {
    const batch = { responseId: 'r1' };
    const messages = messagesOf([
      actionEvent(1, batch),
      actionEvent(2, batch),
      userMessage(3, 'typed while waiting'),
      observationEvent(4, 1),
      observationEvent(5, 2),
      userMessage(6, 'and more'),
    ]);
    expect(messages.map((message) => message.role)).toEqual(['assistant', 'tool', 'tool', 'user']);
    expect(messages[3]).toMatchObject({
      content: [
        { type: 'text', text: 'typed while waiting' },
        { type: 'text', text: 'and more' },
      ],
    });
  });
});
