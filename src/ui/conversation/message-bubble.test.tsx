// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageEvent } from '../api/wire-types';
import { MessageBubble, MessageFrame } from './message-bubble';
import { ReplyModelContext } from './model-picker-reply-model';

afterEach(cleanup);

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const message = (source: 'user' | 'agent', content: MessageEvent['llm_message']['content'], seq = 4) =>
  ({
    kind: 'MessageEvent',
    id: `00000000-0000-4000-8000-00000000000${seq}`,
    seq,
    timestamp: '2026-01-01T00:00:00Z',
    source,
    llm_message: { role: source === 'user' ? 'user' : 'assistant', content },
    extended_content: [],
  }) as MessageEvent;
const modelAt = (seq: number) => (seq < 5 ? 'old-model' : 'new-model');

describe('MessageBubble', () => {
  it("shows an agent reply's model as read from the log, and none on the person's messages", () => {
    render(
      <ReplyModelContext.Provider value={modelAt}>
        <MessageBubble event={message('agent', [{ type: 'text', text: 'Hi' }], 7)} speaker="agent" />
        <MessageBubble event={message('user', [{ type: 'text', text: 'Yo' }], 2)} speaker="user" />
        <MessageFrame speaker="agent" seq={3}>
          thinking
        </MessageFrame>
        <MessageFrame speaker="agent" seq={3} grouped>
          more
        </MessageFrame>
      </ReplyModelContext.Provider>,
    );
    expect(screen.getAllByTestId('reply-model').map((label) => label.textContent)).toEqual([
      'new-model',
      'old-model',
    ]);
  });

  it('shows inline images as thumbnails that open larger, and keeps remote ones behind a click', () => {
    render(
      <MessageBubble
        event={message('user', [
          { type: 'text', text: 'Look' },
          {
            type: 'image',
            image_urls: [PNG, 'https://example.com/x.png', 'data:image/svg+xml;base64,PHN2Zy8+'],
          },
        ])}
        speaker="user"
      />,
    );
    expect(screen.getAllByTestId('message-image')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /Load image/ })).toHaveLength(2);
    expect(document.querySelectorAll('img[src^="https:"], img[src^="data:image/svg"]')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('message-image'));
    expect(
      screen.getByRole('dialog', { name: 'Image 1 of 3' }).querySelector('img')?.getAttribute('src'),
    ).toBe(PNG);
  });

  it("folds an agent reply's reasoning above its text, and names the skills a person's words loaded", () => {
    const reply = {
      ...message('agent', [{ type: 'text', text: 'Done' }], 6),
      reasoning_content: 'Check the tests first.',
    };
    const asked = {
      ...message('user', [{ type: 'text', text: 'deploy it' }], 5),
      activated_skills: ['deploy', 'k8s'],
    };
    render(
      <>
        <MessageBubble event={reply} speaker="agent" />
        <MessageBubble event={asked} speaker="user" />
        <MessageBubble event={message('user', [{ type: 'text', text: 'plain' }], 3)} speaker="user" />
      </>,
    );
    const reasoning = screen.getByTestId('reasoning');
    expect(reasoning.textContent).toContain('Check the tests first.');
    expect(reasoning.hasAttribute('open')).toBe(false);
    expect(screen.getAllByTestId('activated-skills').map((note) => note.textContent)).toEqual([
      'Loaded skills: deploy, k8s',
    ]);
  });
});
