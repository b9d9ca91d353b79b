import { CircleExclamationPoint, Trash2 } from 'lucide-react';
import { ModalDialog } from '../components/modal-dialog';
import type { ConversationListItem } from './conversation-list-item';

/** Asks before deleting, and says plainly what is removed and what is not (the workspace files). */
export function DeleteConversationDialog({
  conversation,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  conversation: ConversationListItem;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const running =
    conversation.execution_status === 'running' ||
    conversation.execution_status === 'waiting_for_confirmation';
  return (
    <ModalDialog
      title="Delete this conversation?"
      description={<span className="history-delete__name">{conversation.title || 'Untitled'}</span>}
      icon={<Trash2 size={16} />}
      width={440}
      className="history-delete"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </button>
          <button type="button" className="button button--danger-solid" onClick={onConfirm} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete'}
          </button>
        </>
      }
    >
      <p className="history-delete__text">
        {running ? 'The agent is stopped first. ' : ''}Its messages and history are removed for good. The
        files in its workspace are not touched
        {conversation.workspace.working_dir ? (
          <>
            {' '}
            (<code>{conversation.workspace.working_dir}</code>)
          </>
        ) : null}
        .
      </p>
      {error ? (
        <div className="notice notice--error" role="alert">
          <CircleExclamationPoint size={16} aria-hidden />
          <span>Could not delete: {error}</span>
        </div>
      ) : null}
    </ModalDialog>
  );
}
