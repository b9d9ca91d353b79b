import { ArrowUp, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AttachButton } from '../attachments/attach-button';
import { browserMessageIo } from '../attachments/attachment-io';
import { AttachmentProblems } from '../attachments/attachment-problems';
import { AttachmentTray } from '../attachments/attachment-tray';
import { buildMessage, type MessageIo, type OutgoingMessage } from '../attachments/build-message';
import { MessageTextarea } from '../components/message-textarea';
import { COMMAND_MENU_ID, CommandMenu, commandOptionId } from '../composer-commands/command-menu';
import { type ComposerCommand, parseComposerCommand } from '../composer-commands/composer-commands';
import { useCommandMenu } from '../composer-commands/use-command-menu';
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
  const menu = useCommandMenu(text, (command) => runCommand(command));
  const attach = usePendingAttachments(conversationId);

  // A draft put here by "Edit and resend" should be ready to edit at once.
  useEffect(() => {
    if (useComposerDrafts.getState().drafts[conversationId]) input.current?.focus();
  }, [conversationId]);

  const runCommand = (command: ComposerCommand) => {
    setDraft(conversationId, '');
    menu.setActive(0);
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
  const busy = sending || attach.preparing;
  return (
    <div className="composer-area" {...attach.dropZone}>
      {menu.menuOpen ? (
        <CommandMenu
          commands={menu.offered}
          active={menu.activeIndex}
          onHover={menu.setActive}
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
        onKeyDownCapture={menu.onKeyDownCapture}
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
            aria-controls={menu.menuOpen ? COMMAND_MENU_ID : undefined}
            aria-activedescendant={menu.activeCommand ? commandOptionId(menu.activeCommand.name) : undefined}
            placeholder={placeholder}
            value={text}
            onChange={(value) => {
              setDraft(conversationId, value);
              menu.setActive(0);
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
