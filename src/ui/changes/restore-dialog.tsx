import { CircleExclamationPoint, History, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ModalDialog } from '../components/modal-dialog';
import { restoreEffect } from './checkpoint-steps';
import { FileStatusBadge } from './file-status-badge';
import { useRestore, useRestorePreview } from './use-checkpoint-api';

/** Which checkpoint to restore, and how the dialog names it. */
export interface RestoreTarget {
  checkpointId: string;
  /** "Restore files to before step 3", "Undo this restore", … */
  title: string;
}

/**
 * Asks before putting files back: loads the dry run and lists what will change, file by file; the
 * restore itself is recorded in the conversation, so it can be undone.
 */
export function RestoreDialog({
  conversationId,
  target,
  running,
  onClose,
}: {
  conversationId: string;
  target: RestoreTarget;
  running: boolean;
  onClose: () => void;
}) {
  const preview = useRestorePreview(conversationId, target.checkpointId);
  const restore = useRestore(conversationId);
  const files = preview.data?.files ?? [];
  const nothing = preview.isSuccess && files.length === 0;
  const canConfirm = !running && preview.isSuccess && !nothing && !restore.isPending;
  const confirm = () => restore.mutate(target.checkpointId, { onSuccess: onClose });
  // The primary button is disabled until the preview is in: focus it then, so Enter restores.
  const primary = useRef<HTMLButtonElement>(null);
  const loaded = preview.isSuccess;
  useEffect(() => {
    if (loaded) primary.current?.focus();
  }, [loaded]);
  // Enter restores once the preview is in (unless a button other than the primary one has focus).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !canConfirm) return;
      if (event.target instanceof HTMLButtonElement) return;
      event.preventDefault();
      restore.mutate(target.checkpointId, { onSuccess: onClose });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [canConfirm, restore.mutate, target.checkpointId, onClose]);
  return (
    <ModalDialog
      title={target.title}
      description="The workspace's files go back to how they were. Ignored and untracked large files are left alone."
      icon={<History size={16} />}
      width={520}
      className="restore-dialog"
      onClose={onClose}
      status={
        restore.isError ? (
          <div className="notice notice--error" role="alert">
            <CircleExclamationPoint size={16} aria-hidden />
            <span>Could not restore: {restore.error.message}</span>
          </div>
        ) : running ? (
          <div className="notice notice--warning" role="note">
            <CircleExclamationPoint size={16} aria-hidden />
            <span>Pause or stop the agent first: files cannot be restored while it works.</span>
          </div>
        ) : null
      }
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={restore.isPending}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={confirm}
            ref={primary}
            disabled={!canConfirm}
            aria-keyshortcuts="Enter"
          >
            {restore.isPending ? <LoaderCircle size={13} className="spin" aria-hidden /> : null}
            {restore.isPending ? 'Restoring…' : 'Restore files'}
          </button>
        </>
      }
    >
      {preview.isPending ? (
        <p className="changes-muted">
          <LoaderCircle size={14} className="spin" aria-hidden /> Working out what will change…
        </p>
      ) : preview.isError ? (
        <div className="notice notice--error" role="alert">
          <CircleExclamationPoint size={16} aria-hidden />
          <span>Could not preview the restore: {preview.error.message}</span>
        </div>
      ) : nothing ? (
        <p className="changes-muted">The files are already as they were then: nothing to restore.</p>
      ) : (
        <>
          <p className="restore-dialog__lead">
            {files.length === 1 ? '1 file changes' : `${files.length} files change`}. A copy of the current
            state is kept, so you can undo this.
          </p>
          <ul className="restore-dialog__files" data-testid="restore-preview">
            {files.map((file) => (
              <li key={file.path} className="restore-dialog__file">
                <FileStatusBadge status={file.status} />
                <span className="restore-dialog__path" title={file.path}>
                  {file.path}
                </span>
                <span className="restore-dialog__effect">{restoreEffect(file.status)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </ModalDialog>
  );
}
