import { ArrowUp, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { MessageTextarea } from '../components/message-textarea';
import { useComposerDrafts } from './composer-drafts';

/** The message box at the bottom of a conversation: Enter sends (and runs), Shift+Enter is a newline. */
export function Composer({
  conversationId,
  onSend,
  sending,
  placeholder,
}: {
  conversationId: string;
  onSend: (text: string) => void;
  sending: boolean;
  placeholder: string;
}) {
  const text = useComposerDrafts((state) => state.drafts[conversationId] ?? '');
  const setDraft = useComposerDrafts((state) => state.setDraft);
  const input = useRef<HTMLTextAreaElement>(null);

  // A draft put here by "Edit and resend" should be ready to edit at once.
  useEffect(() => {
    if (useComposerDrafts.getState().drafts[conversationId]) input.current?.focus();
  }, [conversationId]);

  const submit = () => {
    const message = text.trim();
    if (!message) return;
    onSend(message);
    setDraft(conversationId, '');
  };
  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <MessageTextarea
        ref={input}
        className="composer__input"
        aria-label="Message"
        placeholder={placeholder}
        value={text}
        onChange={(value) => setDraft(conversationId, value)}
        onSubmit={submit}
        maxRows={10}
      />
      <button
        type="submit"
        className="button button--primary button--icon composer__send"
        aria-label="Send"
        disabled={!text.trim()}
      >
        {sending ? <LoaderCircle size={16} className="spin" /> : <ArrowUp size={16} />}
      </button>
    </form>
  );
}
