import { BookOpen, Bot, Info, User } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import type { MessageEvent } from '../api/wire-types';
import { CopyButton } from '../components/copy-button';
import { MessageImages } from '../attachments/message-images';
import { SafeMarkdown } from '../markdown/safe-markdown';
import { contentImages, contentText } from './content-text';
import { useReplyModel } from './model-picker-reply-model';
import { Reasoning } from './reasoning';
import './message-bubble.css';

/**
 * A user or agent message (or an environment note) rendered as sanitized Markdown, its images as
 * thumbnails; on an agent reply the model that wrote it and its reasoning, on a person's message the
 * knowledge skills its words loaded.
 */
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
  const model = useReplyModel(event.seq);
  return (
    <MessageFrame
      speaker={speaker}
      model={speaker === 'agent' ? model : undefined}
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
      {speaker === 'agent' && event.reasoning_content ? <Reasoning text={event.reasoning_content} /> : null}
      {text ? <SafeMarkdown text={text} /> : null}
      <MessageImages urls={images} />
      {speaker === 'user' && event.activated_skills?.length ? (
        <p className="message__skills" data-testid="activated-skills">
          <BookOpen size={12} aria-hidden />
          <span>Loaded {event.activated_skills.length === 1 ? 'skill' : 'skills'}:</span>{' '}
          {event.activated_skills.join(', ')}
        </p>
      ) : null}
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
  model,
  seq,
}: {
  speaker: 'user' | 'agent' | 'environment';
  tools?: ReactNode;
  children: ReactNode;
  testId?: string;
  className?: string;
  /** Continues the agent's turn: the avatar and name are not repeated. */
  grouped?: boolean;
  /** The model that wrote an agent reply, shown small beside the name. */
  model?: string;
  /** An agent turn's first event: its model is read from the log and shown beside the name. */
  seq?: number;
}) {
  const turnModel = useReplyModel(seq ?? -1);
  const shownModel = model ?? (speaker === 'agent' && seq !== undefined && !grouped ? turnModel : undefined);
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
        {grouped && !tools && !shownModel ? null : (
          // A grouped reply's tools float at its top right; a model name is read with the reply, so
          // it keeps a line of its own instead of floating over the reply's first words.
          <div className={`message__meta ${grouped && shownModel ? 'message__meta--own-line' : ''}`}>
            {grouped ? null : <span className="message__author">{label}</span>}
            {shownModel ? (
              <span className="message__model" title={`Written by ${shownModel}`} data-testid="reply-model">
                {shownModel}
              </span>
            ) : null}
            {tools ? <span className="row-tools">{tools}</span> : null}
          </div>
        )}
        <div className="message__body">{children}</div>
      </div>
    </article>
  );
}
