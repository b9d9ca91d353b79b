import { ChevronRight, CircleExclamationPoint, History, LoaderCircle, Undo2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Event } from '../api/wire-types';
import type { FileChange } from './checkpoint-types';
import { checkpointSteps, describeSkipped } from './checkpoint-steps';
import { DiffLinesView } from './diff-lines-view';
import { FileStatusBadge } from './file-status-badge';
import { FileViewerDialog } from './file-viewer-dialog';
import type { RestoreTarget } from './restore-dialog';
import { unifiedDiffLines } from './unified-diff-lines';
import { useChanges, useCheckpoints, useFileDiff } from './use-checkpoint-api';
import './changes.css';

const ALL = 'all';

/**
 * What the conversation changed in its workspace: the files changed since it started (or by one
 * step), each with its diff, a way to open the file whole, and Undo last step. Refreshed by the page
 * as the agent works (useLiveChangesRefresh).
 */
export function ChangesPanel({
  conversationId,
  events,
  running,
  onRestore,
}: {
  conversationId: string;
  events: readonly Event[];
  running: boolean;
  onRestore: (target: RestoreTarget) => void;
}) {
  const checkpoints = useCheckpoints(conversationId);
  const steps = useMemo(() => checkpointSteps(checkpoints.data ?? [], events), [checkpoints.data, events]);
  const [filter, setFilter] = useState(ALL);
  const step = steps.find((candidate) => String(candidate.number) === filter);
  const from = step?.from ?? 'start';
  const to = step?.to ?? 'now';
  const changes = useChanges(conversationId, from, to);
  const [viewing, setViewing] = useState<{ path: string; at: string } | null>(null);
  const lastStep = steps.at(-1);
  const baseline = steps[0]?.checkpointId;
  const busyTitle = 'Files cannot be restored while the agent is working';

  return (
    <section className="changes" aria-label="Changes" data-testid="changes-panel">
      <header className="changes__header">
        <h2 className="changes__title">
          Changes
          {changes.data && changes.data.files.length > 0 ? (
            <span className="changes__count">{changes.data.files.length}</span>
          ) : null}
          {changes.isFetching ? (
            <LoaderCircle size={12} className="spin changes__fetching" aria-label="Refreshing" />
          ) : null}
        </h2>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={running || !lastStep}
          title={
            running
              ? busyTitle
              : lastStep
                ? `Put the files back to before ${lastStep.label.toLowerCase()}`
                : 'No step has changed files yet'
          }
          onClick={() =>
            lastStep && onRestore({ checkpointId: lastStep.checkpointId, title: 'Undo last step' })
          }
        >
          <Undo2 size={13} aria-hidden />
          Undo last step
        </button>
      </header>
      <div className="changes__filter">
        <select
          className="changes__select"
          aria-label="Show changes of"
          value={step ? filter : ALL}
          onChange={(event) => setFilter(event.target.value)}
        >
          <option value={ALL}>All changes</option>
          {steps.map((candidate) => (
            <option key={candidate.number} value={candidate.number}>
              {candidate.label}
            </option>
          ))}
        </select>
        {step ? (
          <button
            type="button"
            className="button button--small"
            disabled={running}
            title={running ? busyTitle : 'Put the files back to how they were before this step'}
            onClick={() =>
              onRestore({
                checkpointId: step.checkpointId,
                title: `Restore files to before step ${step.number}`,
              })
            }
          >
            <History size={13} aria-hidden />
            Restore to before
          </button>
        ) : null}
      </div>
      <div className="changes__body">
        {changes.isPending ? (
          <p className="changes-muted changes__placeholder">
            <LoaderCircle size={14} className="spin" aria-hidden /> Loading changes…
          </p>
        ) : changes.isError ? (
          <div className="notice notice--error" role="alert">
            <CircleExclamationPoint size={16} aria-hidden />
            <span>Could not load the changes: {changes.error.message}</span>
          </div>
        ) : changes.data.files.length === 0 ? (
          <div className="changes__empty" data-testid="changes-empty">
            <p className="changes__empty-title">
              {step ? 'This step changed no files' : 'No files changed yet'}
            </p>
            <p className="changes-muted">
              {step
                ? 'Pick another step, or All changes.'
                : 'Files the agent adds, edits or deletes show up here, each with its diff.'}
            </p>
          </div>
        ) : (
          <ul className="changes__files">
            {changes.data.files.map((file) => (
              <FileRow
                key={`${from}:${to}:${file.path}`}
                conversationId={conversationId}
                file={file}
                from={from}
                to={to}
                onOpen={() => setViewing({ path: file.path, at: openAt(file, from, to, baseline) })}
              />
            ))}
          </ul>
        )}
        {changes.data ? <SkippedNote skipped={changes.data.skipped} /> : null}
      </div>
      {viewing ? (
        <FileViewerDialog
          conversationId={conversationId}
          path={viewing.path}
          at={viewing.at}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </section>
  );
}

/** Where to read a file to show it whole: as it is at the range's end, or before, for a deleted one. */
function openAt(file: FileChange, from: string, to: string, baseline: string | undefined): string {
  if (file.status !== 'deleted') return to;
  return from === 'start' ? (baseline ?? 'now') : from;
}

function FileRow({
  conversationId,
  file,
  from,
  to,
  onOpen,
}: {
  conversationId: string;
  file: FileChange;
  from: string;
  to: string;
  onOpen: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <li
      className={`changes-file ${open ? 'changes-file--open' : ''}`}
      data-testid="changed-file"
      data-path={file.path}
    >
      <div className="changes-file__row">
        <button
          type="button"
          className="changes-file__toggle"
          aria-expanded={open}
          aria-label={`Diff of ${file.path}`}
          onClick={() => setOpen(!open)}
        >
          <ChevronRight size={14} className="changes-file__chevron" aria-hidden />
          <FileStatusBadge status={file.status} />
        </button>
        <button
          type="button"
          className="changes-file__name"
          aria-label={`Open ${file.path}`}
          title={`Open ${file.path}`}
          onClick={onOpen}
        >
          <FileName path={file.path} />
          {file.old_path ? <span className="changes-file__old">from {file.old_path}</span> : null}
        </button>
        {file.binary ? (
          <span className="changes-file__stat changes-muted">binary</span>
        ) : (
          <span className="changes-file__stat diff-stat">
            <span className="diff-stat__added">+{file.additions}</span>{' '}
            <span className="diff-stat__removed">−{file.deletions}</span>
          </span>
        )}
      </div>
      {open ? <FileRowDiff conversationId={conversationId} file={file} from={from} to={to} /> : null}
    </li>
  );
}

function FileName({ path }: { path: string }) {
  const slash = path.lastIndexOf('/');
  return (
    <span className="changes-file__path">
      {slash >= 0 ? <span className="changes-file__dir">{path.slice(0, slash + 1)}</span> : null}
      <span className="changes-file__base">{path.slice(slash + 1)}</span>
    </span>
  );
}

function FileRowDiff({
  conversationId,
  file,
  from,
  to,
}: {
  conversationId: string;
  file: FileChange;
  from: string;
  to: string;
}) {
  const diff = useFileDiff(conversationId, file.path, from, to);
  const lines = useMemo(() => unifiedDiffLines(diff.data?.unified ?? ''), [diff.data?.unified]);
  if (diff.isPending)
    return (
      <p className="changes-muted changes-file__note">
        <LoaderCircle size={13} className="spin" aria-hidden /> Loading the diff…
      </p>
    );
  if (diff.isError)
    return (
      <p className="changes-file__note changes-file__note--error">
        Could not load the diff: {diff.error.message}
      </p>
    );
  if (diff.data.binary) return <p className="changes-muted changes-file__note">Binary file: no text diff.</p>;
  if (lines.length === 0)
    return (
      <p className="changes-muted changes-file__note">
        {file.status === 'renamed' ? 'Renamed, content unchanged.' : 'No text changes.'}
      </p>
    );
  return (
    <div className="changes-file__diff" data-testid="file-diff">
      <DiffLinesView lines={lines} className="diff changes-diff" />
      {diff.data.truncated ? (
        <p className="changes-muted changes-file__note">The diff was cut: it is too long to show whole.</p>
      ) : null}
    </div>
  );
}

function SkippedNote({ skipped }: { skipped: readonly { path: string; reason: string }[] }) {
  const text = describeSkipped(skipped.length);
  if (!text) return null;
  return (
    <details className="changes__skipped">
      <summary>{text}</summary>
      <ul>
        {skipped.map((file) => (
          <li key={file.path}>
            <code>{file.path}</code>{' '}
            <span className="changes-muted">({file.reason.replaceAll('_', ' ')})</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
