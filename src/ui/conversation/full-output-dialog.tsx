import { Check, CircleExclamationPoint, Copy, LoaderCircle, SquareTerminal } from 'lucide-react';
import { ApiError } from '../api/describe-api-error';
import { useSavedOutput } from '../api/use-saved-output';
import { formatSize } from '../changes/file-viewer-dialog';
import { ModalDialog } from '../components/modal-dialog';
import { SecretText } from '../components/secret-text';
import { useCopyToClipboard } from '../components/use-copy-to-clipboard';
import './full-output-dialog.css';

/** The whole text of a terminal output that was cut for the model: read-only, scrollable, copyable. */
export function FullOutputDialog({
  conversationId,
  path,
  command,
  onClose,
}: {
  conversationId: string;
  /** The observation's `full_output_path`. */
  path: string;
  /** The command that printed it, for the title. */
  command: string;
  onClose: () => void;
}) {
  const output = useSavedOutput(conversationId, path);
  const { state: copied, copy: copyText } = useCopyToClipboard();
  const copy = () => {
    if (output.data) copyText(output.data.content);
  };

  return (
    <ModalDialog
      title="Full output"
      description={
        <>
          <code className="full-output__command">$ {command}</code>
          {output.data ? ` · ${formatSize(output.data.size)}` : null}
        </>
      }
      icon={<SquareTerminal size={16} />}
      width={900}
      className="full-output"
      onClose={onClose}
      status={
        output.data?.truncated ? (
          <p className="full-output__note" role="note">
            Only the first {formatSize(output.data.content.length)} of {formatSize(output.data.size)} are
            shown.
          </p>
        ) : undefined
      }
      footer={
        <>
          <span className="full-output__copied" aria-live="polite">
            {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Could not copy' : ''}
          </span>
          <button
            type="button"
            className="button button--ghost"
            onClick={copy}
            disabled={!output.data}
            data-testid="full-output-copy"
          >
            {copied === 'copied' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
            Copy
          </button>
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {output.isPending ? (
        <p className="full-output__muted">
          <LoaderCircle size={14} className="spin" aria-hidden /> Loading…
        </p>
      ) : output.isError ? (
        <div className="notice notice--error" role="alert">
          <CircleExclamationPoint size={16} aria-hidden />
          <span>
            {output.error instanceof ApiError && output.error.status === 404
              ? 'The saved output is gone (it is deleted with its conversation).'
              : `Could not load the output: ${output.error.message}`}
          </span>
        </div>
      ) : (
        // Focusable so the keyboard can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        <pre className="full-output__text" data-testid="full-output-content" tabIndex={0}>
          <SecretText text={output.data.content} />
        </pre>
      )}
    </ModalDialog>
  );
}
