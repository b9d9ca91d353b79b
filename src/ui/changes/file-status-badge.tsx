import type { FileChangeStatus } from './checkpoint-types';

const LETTER: Record<FileChangeStatus, string> = { added: 'A', modified: 'M', deleted: 'D', renamed: 'R' };

/** A one-letter status (A, M, D, R) coloured by kind, with the word for screen readers and on hover. */
export function FileStatusBadge({ status }: { status: FileChangeStatus }) {
  return (
    <span className={`file-status file-status--${status}`} title={status} data-status={status}>
      <span aria-hidden>{LETTER[status]}</span>
      <span className="visually-hidden">{status}</span>
    </span>
  );
}
