import { CircleExclamationPoint, FileText, LoaderCircle } from 'lucide-react';
import { useMemo } from 'react';
import { ApiError } from '../api/describe-api-error';
import { ModalDialog } from '../components/modal-dialog';
import { useWorkspaceFile } from './use-checkpoint-api';

/** A file of the workspace shown whole, read-only, with line numbers (binary files: a notice). */
export function FileViewerDialog({
  conversationId,
  path,
  at = 'now',
  onClose,
}: {
  conversationId: string;
  path: string;
  at?: string;
  onClose: () => void;
}) {
  const file = useWorkspaceFile(conversationId, path, at);
  const lines = useMemo(() => splitLines(file.data?.content ?? ''), [file.data?.content]);
  return (
    <ModalDialog
      title={path}
      description={
        file.data
          ? `${at === 'now' ? 'As it is now' : 'At this checkpoint'} · ${formatSize(file.data.size)}`
          : undefined
      }
      icon={<FileText size={16} />}
      width={860}
      className="file-viewer"
      onClose={onClose}
    >
      {file.isPending ? (
        <p className="changes-muted">
          <LoaderCircle size={14} className="spin" aria-hidden /> Loading…
        </p>
      ) : file.isError ? (
        <div className="notice notice--error" role="alert">
          <CircleExclamationPoint size={16} aria-hidden />
          <span>
            {file.error instanceof ApiError && file.error.status === 404
              ? 'This file does not exist here.'
              : `Could not open the file: ${file.error.message}`}
          </span>
        </div>
      ) : file.data.binary || file.data.content === null ? (
        <p className="changes-muted" data-testid="file-viewer-binary">
          This is a binary file ({formatSize(file.data.size)}); it cannot be shown as text.
        </p>
      ) : (
        <section
          className="file-viewer__code"
          data-testid="file-viewer-content"
          aria-label={`Contents of ${path}`}
        >
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a line is identified by its number
            <div key={index} className="file-viewer__line">
              <span className="file-viewer__number">{index + 1}</span>
              <span className="file-viewer__text">{line}</span>
            </div>
          ))}
        </section>
      )}
    </ModalDialog>
  );
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
