import { CircleExclamationPoint, Trash2 } from 'lucide-react';
import { useState } from 'react';
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
  /** deleteFiles: also delete the branch folder the conversation owns. */
  onConfirm: (options: { deleteFiles: boolean }) => void;
  onCancel: () => void;
}) {
  const [deleteFiles, setDeleteFiles] = useState(false);
  // The conversation owns a folder of its own (a branch made with its own copy of the files).
  const ownsFolder = conversation.branch_folder === true;
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
          <button
            type="button"
            className="button button--danger-solid"
            onClick={() => onConfirm({ deleteFiles: ownsFolder && deleteFiles })}
            disabled={busy}
          >
            {busy ? 'Deleting…' : 'Delete'}
          </button>
        </>
      }
    >
      <p className="history-delete__text">
        {running ? 'The agent is stopped first. ' : ''}Its messages, history and checkpoints are removed for
        good.{' '}
        {ownsFolder && deleteFiles
          ? 'Its branch folder is deleted too'
          : 'The files in its workspace are not touched'}
        {conversation.workspace.working_dir ? (
          <>
            {' '}
            (<code>{conversation.workspace.working_dir}</code>)
          </>
        ) : null}
        .
      </p>
      {ownsFolder ? (
        <label className="history-delete__files">
          <input
            type="checkbox"
            checked={deleteFiles}
            onChange={(event) => setDeleteFiles(event.target.checked)}
          />
          <span>
            Also delete its branch folder
            <span className="history-delete__hint">
              The folder this branch got with its own copy of the files. The original workspace is never
              touched.
            </span>
          </span>
        </label>
      ) : null}
      {error ? (
        <div className="notice notice--error" role="alert">
          <CircleExclamationPoint size={16} aria-hidden />
          <span>Could not delete: {error}</span>
        </div>
      ) : null}
    </ModalDialog>
  );
}
