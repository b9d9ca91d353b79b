import { ArrowUp, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { MessageTextarea } from '../components/message-textarea';
import { COMMAND_MENU_ID, CommandMenu, commandOptionId } from '../composer-commands/command-menu';
import {
  type ComposerCommand,
  matchingCommands,
  parseComposerCommand,
} from '../composer-commands/composer-commands';
import { useComposerCommandRunner } from '../composer-commands/use-composer-command-runner';
import { useComposerDrafts } from './composer-drafts';
import './composer.css';

/**
 * The message box at the bottom of a conversation: Enter sends (and runs), Shift+Enter is a newline.
 * A `/` at the start opens the slash-command menu (see composer-commands); text that starts with `/`
 * but names no command is sent as a message.
 */
export function Composer({
  conversationId,
  onSend,
  sending,
  placeholder,
  onBranch,
}: {
  conversationId: string;
  onSend: (text: string) => void;
  sending: boolean;
  placeholder: string;
  /** `/branch`: the page's "Branch from here" on the latest event; absent when there is none. */
  onBranch?: () => void;
}) {
  const text = useComposerDrafts((state) => state.drafts[conversationId] ?? '');
  const setDraft = useComposerDrafts((state) => state.setDraft);
  const input = useRef<HTMLTextAreaElement>(null);
  const commands = useComposerCommandRunner(conversationId, onBranch);
  const [active, setActive] = useState(0);
  // Esc hides the menu until the text changes.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const offered = useMemo(() => matchingCommands(text), [text]);
  const menuOpen = offered.length > 0 && dismissedFor !== text;
  const activeIndex = Math.min(active, offered.length - 1);

  // A draft put here by "Edit and resend" should be ready to edit at once.
  useEffect(() => {
    if (useComposerDrafts.getState().drafts[conversationId]) input.current?.focus();
  }, [conversationId]);

  const runCommand = (command: ComposerCommand) => {
    setDraft(conversationId, '');
    setActive(0);
    commands.run(command.name);
  };
  const submit = () => {
    const message = text.trim();
    if (!message) return;
    const command = parseComposerCommand(message);
    if (command) {
      setDraft(conversationId, '');
      commands.run(command);
      return;
    }
    onSend(message);
    setDraft(conversationId, '');
  };
  // Runs before the textarea's own Enter-to-send while the menu is open.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!menuOpen || event.nativeEvent.isComposing) return;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (event.key === 'ArrowDown') {
      handled();
      setActive((activeIndex + 1) % offered.length);
    } else if (event.key === 'ArrowUp') {
      handled();
      setActive((activeIndex - 1 + offered.length) % offered.length);
    } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      handled();
      const command = offered[activeIndex];
      if (command) runCommand(command);
    } else if (event.key === 'Escape') {
      // Only the menu closes: Esc does not also stop the agent.
      handled();
      event.nativeEvent.stopImmediatePropagation();
      setDismissedFor(text);
    }
  };
  const activeCommand = menuOpen ? offered[activeIndex] : undefined;
  return (
    <div className="composer-area">
      {menuOpen ? (
        <CommandMenu
          commands={offered}
          active={activeIndex}
          onHover={setActive}
          onPick={(command) => {
            runCommand(command);
            input.current?.focus();
          }}
        />
      ) : null}
      {commands.notice ? (
        <p
          className={`composer-notice composer-notice--${commands.notice.tone}`}
          role={commands.notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="composer-notice"
        >
          {commands.notice.text}
        </p>
      ) : null}
      <form
        className="composer"
        onKeyDownCapture={onKeyDownCapture}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <MessageTextarea
          ref={input}
          className="composer__input"
          aria-label="Message"
          aria-autocomplete="list"
          aria-controls={menuOpen ? COMMAND_MENU_ID : undefined}
          aria-activedescendant={activeCommand ? commandOptionId(activeCommand.name) : undefined}
          placeholder={placeholder}
          value={text}
          onChange={(value) => {
            setDraft(conversationId, value);
            setActive(0);
          }}
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
    </div>
  );
}
