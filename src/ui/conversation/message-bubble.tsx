import { Bot, Info, User } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { MessageEvent } from '../api/wire-types';
import { CopyButton } from '../components/copy-button';
import { DeferredImage } from '../markdown/deferred-image';
import { SafeMarkdown } from '../markdown/safe-markdown';
import { contentImages, contentText } from './content-text';
import './message-bubble.css';

/** A user or agent message (or an environment note) rendered as sanitized Markdown. */
export const MessageBubble = memo(function MessageBubble({
  event,
  speaker,
  tools,
  grouped,
}: {
  event: MessageEvent;
  speaker: 'user' | 'agent' | 'environment';
  tools?: ReactNode;
  grouped?: boolean;
}) {
  const text = contentText(event.llm_message.content);
  const images = contentImages([...event.llm_message.content, ...(event.extended_content ?? [])]);
  return (
    <MessageFrame
      speaker={speaker}
      tools={
        text && speaker !== 'environment' ? (
          <>
            {tools}
            <CopyButton text={text} label="Copy text" className="copy-button--reveal" testId="copy-message" />
          </>
        ) : (
          tools
        )
      }
      testId={`message-${speaker}`}
      grouped={grouped}
    >
      {text ? <SafeMarkdown text={text} /> : null}
      {images.map((url) => (
        <DeferredImage key={url} src={url} alt="attached image" />
      ))}
    </MessageFrame>
  );
});

export function MessageFrame({
  speaker,
  tools,
  children,
  testId,
  className,
  grouped,
}: {
  speaker: 'user' | 'agent' | 'environment';
  tools?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
  /** Continues the agent's turn: the avatar and name are not repeated. */
  grouped?: boolean;
}) {
  const Icon = speaker === 'user' ? User : speaker === 'agent' ? Bot : Info;
  const label = speaker === 'user' ? 'You' : speaker === 'agent' ? 'Agent' : 'Note';
  return (
    <article
      className={`message message--${speaker} copy-reveal ${grouped ? 'message--grouped' : ''} ${className ?? ''}`}
      data-testid={testId}
      aria-label={`${label} said`}
    >
      <div className="message__avatar" aria-hidden>
        {grouped ? null : <Icon size={14} />}
      </div>
      <div className="message__main">
        {grouped && !tools ? null : (
          <div className="message__meta">
            {grouped ? null : <span className="message__author">{label}</span>}
            {tools ? <span className="row-tools">{tools}</span> : null}
          </div>
        )}
        <div className="message__body">{children}</div>
      </div>
    </article>
  );
}
