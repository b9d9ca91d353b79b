import { ArrowUp, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { AttachButton } from '../attachments/attach-button';
import { browserMessageIo } from '../attachments/attachment-io';
import { AttachmentProblems } from '../attachments/attachment-problems';
import { AttachmentTray } from '../attachments/attachment-tray';
import { buildMessage, type MessageIo, type OutgoingMessage } from '../attachments/build-message';
import { MessageTextarea } from '../components/message-textarea';
import { COMMAND_MENU_ID, CommandMenu, commandOptionId } from '../composer-commands/command-menu';
import {
  type ComposerCommand,
  matchingCommands,
  parseComposerCommand,
} from '../composer-commands/composer-commands';
import { useComposerCommandRunner } from '../composer-commands/use-composer-command-runner';
import { usePendingAttachments } from '../attachments/use-pending-attachments';
import { useComposerDrafts } from './composer-drafts';
import './composer.css';

/**
 * The message box at the bottom of a conversation: Enter sends (and runs), Shift+Enter is a newline.
 * A `/` at the start opens the slash-command menu (see composer-commands); text that starts with `/`
 * but names no command is sent as a message. Files come by the attach button, a paste or a drop:
 * images go to the model with the message, other files into the workspace's attachments folder.
 */
export function Composer({
  conversationId,
  onSend,
  sending,
  placeholder,
  onBranch,
  workingDir,
  io = browserMessageIo,
}: {
  conversationId: string;
  onSend: (message: OutgoingMessage) => void;
  sending: boolean;
  placeholder: string;
  /** `/branch`: the page's "Branch from here" on the latest event; absent when there is none. */
  onBranch?: () => void;
  /** The conversation's workspace, where attached files are uploaded. */
  workingDir?: string;
  io?: MessageIo;
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
  const attach = usePendingAttachments(conversationId);

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
    if (attach.preparing || (!message && attach.items.length === 0)) return;
    const command = parseComposerCommand(message);
    if (command) {
      setDraft(conversationId, '');
      commands.run(command);
      return;
    }
    if (attach.items.length === 0) {
      onSend({ text: message, images: [] });
      setDraft(conversationId, '');
      return;
    }
    attach.setPreparing(true);
    attach.setProblems([]);
    buildMessage(message, attach.items, workingDir, io)
      .then((outgoing) => {
        onSend(outgoing);
        setDraft(conversationId, '');
        attach.clear();
      })
      .catch((error: unknown) => attach.setProblems([error instanceof Error ? error.message : String(error)]))
      .finally(() => attach.setPreparing(false));
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
  const busy = sending || attach.preparing;
  return (
    <div className="composer-area" {...attach.dropZone}>
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
      <AttachmentProblems problems={attach.problems} />
      <form
        className={`composer ${attach.dragging ? 'composer--dragging' : ''}`}
        onKeyDownCapture={onKeyDownCapture}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <AttachmentTray items={attach.items} disabled={attach.preparing} onRemove={attach.remove} />
        <div className="composer__row">
          <AttachButton onFiles={attach.add} disabled={attach.preparing} className="composer__attach" />
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
            onPaste={attach.onPaste}
            onSubmit={submit}
            maxRows={10}
          />
          <button
            type="submit"
            className="button button--primary button--icon composer__send"
            aria-label="Send"
            disabled={(!text.trim() && attach.items.length === 0) || attach.preparing}
          >
            {busy ? <LoaderCircle size={16} className="spin" /> : <ArrowUp size={16} />}
          </button>
        </div>
      </form>
    </div>
  );
}
