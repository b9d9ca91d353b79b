import { GitBranch } from 'lucide-react';
import { useState } from 'react';
import { ModalDialog } from '../components/modal-dialog';
import type { ForkFiles } from './checkpoint-types';

/**
 * Asked before branching a conversation whose files were tracked: give the branch its own copy of the
 * files as they were at that point (the default), or keep working in the same folder.
 */
export function BranchFilesDialog({
  title = 'Branch from here',
  busy,
  error,
  onChoose,
  onClose,
}: {
  /** "Branch from here" or "Edit and resend". */
  title?: string;
  busy: boolean;
  error: string | undefined;
  onChoose: (files: ForkFiles) => void;
  onClose: () => void;
}) {
  const [files, setFiles] = useState<ForkFiles>('copy');
  return (
    <ModalDialog
      title={title}
      description="The new branch continues the conversation from this point."
      icon={<GitBranch size={16} />}
      width={480}
      className="branch-files"
      onClose={onClose}
      status={
        error ? (
          <div className="notice notice--error" role="alert">
            <span>Could not branch: {error}</span>
          </div>
        ) : null
      }
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => onChoose(files)}
            disabled={busy}
          >
            {busy ? 'Branching…' : 'Branch'}
          </button>
        </>
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Enter on a choice branches, as the Branch button does */}
      <div
        className="branch-files__choices"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !busy) {
            event.preventDefault();
            onChoose(files);
          }
        }}
      >
        <fieldset className="branch-files__fieldset">
          <legend className="visually-hidden">Files of the branch</legend>
          <label className={`branch-files__choice ${files === 'copy' ? 'branch-files__choice--on' : ''}`}>
            <input
              type="radio"
              name="branch-files"
              value="copy"
              checked={files === 'copy'}
              onChange={() => setFiles('copy')}
              data-autofocus
            />
            <span>
              <strong>Give the branch its own copy of the files (recommended)</strong>
              <span className="branch-files__hint">
                The files as they were at this point, in a folder of its own next to the workspace. The two
                branches never overwrite each other's work.
              </span>
            </span>
          </label>
          <label className={`branch-files__choice ${files === 'shared' ? 'branch-files__choice--on' : ''}`}>
            <input
              type="radio"
              name="branch-files"
              value="shared"
              checked={files === 'shared'}
              onChange={() => setFiles('shared')}
            />
            <span>
              <strong>Keep working in the same folder</strong>
              <span className="branch-files__hint">
                The branch sees the files as they are now, later changes included.
              </span>
            </span>
          </label>
        </fieldset>
      </div>
    </ModalDialog>
  );
}
