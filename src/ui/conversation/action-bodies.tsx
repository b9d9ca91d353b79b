import { Circle, CircleCheck, CircleDot } from 'lucide-react';
import type { ActionOfKind, ObservationEvent, ObservationOfKind } from '../api/wire-types';
import { SafeMarkdown } from '../markdown/safe-markdown';
import { CopyButton } from '../components/copy-button';
import { SecretText } from '../components/secret-text';
import { waitingForInput } from '../conversation-store/waiting-for-input';
import { contentText } from './content-text';
import { DiffStat, FileDiff } from './file-diff';
import { FullOutputLink } from './full-output-link';

/** The command as typed, and (once it ran) its output and exit code. */
export function TerminalBody({
  action,
  observation,
  running,
}: {
  action: ActionOfKind<'TerminalAction'>;
  observation?: ObservationOfKind<'TerminalObservation'>;
  running?: boolean;
}) {
  const output = observation ? contentText(observation.content) : '';
  return (
    <div className="terminal">
      <div className="terminal__part copy-reveal">
        <pre className="terminal__command">
          <span className="terminal__prompt" aria-hidden>
            $
          </span>
          {action.is_input ? <span className="terminal__input-tag">input</span> : null}
          <SecretText text={action.command} />
        </pre>
        <CopyButton
          text={action.command}
          label="Copy command"
          className="copy-button--reveal terminal__copy"
          testId="copy-command"
        />
      </div>
      {observation ? (
        <>
          {output ? (
            <div className="terminal__part copy-reveal">
              {/* Focusable: a long output scrolls, and the keyboard must reach that too. */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
              <pre className="terminal__output" tabIndex={0}>
                <SecretText text={output} />
              </pre>
              <CopyButton
                text={output}
                label="Copy output"
                className="copy-button--reveal terminal__copy"
                testId="copy-output"
              />
            </div>
          ) : null}
          <div className="terminal__footer">
            <ExitCode observation={observation} />
            {observation.cwd ? <span className="terminal__cwd">{observation.cwd}</span> : null}
            <FullOutputLink observation={observation} />
            {observation.limits ? (
              <span className="terminal__limits" title="Limits of this conversation's terminal">
                Limits: {observation.limits}
              </span>
            ) : null}
          </div>
        </>
      ) : running ? (
        <div className="terminal__footer terminal__footer--running">Running…</div>
      ) : null}
    </div>
  );
}

function ExitCode({ observation }: { observation: ObservationOfKind<'TerminalObservation'> }) {
  if (observation.exit_code === null) {
    // The terminal tool's notice for a command stopped at a prompt (it still runs, it did not fail).
    if (waitingForInput(observation)) {
      return <span className="exit-code">waiting for input</span>;
    }
    return (
      <span className="exit-code exit-code--error">
        {observation.timed_out ? 'timed out' : 'did not finish'}
      </span>
    );
  }
  const ok = observation.exit_code === 0;
  return (
    <span className={`exit-code ${ok ? 'exit-code--ok' : 'exit-code--error'}`}>
      exit {observation.exit_code}
    </span>
  );
}

/** What a file edit changes: from the observation's before/after when present, else from the arguments. */
export function FileEditBody({
  action,
  observation,
}: {
  action: ActionOfKind<'FileEditorAction'>;
  observation?: ObservationOfKind<'FileEditorObservation'>;
}) {
  if (observation?.is_error) return <FileEditFailure action={action} observation={observation} />;
  const change = fileChange(action, observation);
  return (
    <div className="file-edit">
      <div className="file-edit__path">
        <span className="file-edit__path-text">{observation?.path ?? action.path}</span>
        {change ? <DiffStat oldText={change.oldText} newText={change.newText} /> : null}
      </div>
      {change ? (
        <FileDiff oldText={change.oldText} newText={change.newText} />
      ) : observation && action.command === 'view' ? (
        <details className="card-details">
          <summary>Show what the agent read</summary>
          <pre className="plain-output">
            <SecretText text={contentText(observation.content)} />
          </pre>
        </details>
      ) : null}
    </div>
  );
}

/** A failed edit (old text not found, path outside the workspace…): the error, never a diff of what did not happen. */
function FileEditFailure({
  action,
  observation,
}: {
  action: ActionOfKind<'FileEditorAction'>;
  observation: ObservationOfKind<'FileEditorObservation'>;
}) {
  return (
    <div className="file-edit file-edit--failed" data-testid="file-edit-failed">
      <div className="file-edit__path">
        <span className="file-edit__path-text">{observation.path || action.path}</span>
        <span className="file-edit__failed-tag">{action.command} failed</span>
      </div>
      <pre className="file-edit__error">
        <SecretText text={contentText(observation.content) || 'The edit failed.'} />
      </pre>
    </div>
  );
}

function fileChange(
  action: ActionOfKind<'FileEditorAction'>,
  observation?: ObservationOfKind<'FileEditorObservation'>,
): { oldText: string; newText: string } | null {
  if (observation && observation.new_content !== undefined && observation.new_content !== null) {
    return { oldText: observation.old_content ?? '', newText: observation.new_content };
  }
  if (action.command === 'create') return { oldText: '', newText: action.file_text ?? '' };
  if (action.command === 'str_replace')
    return { oldText: action.old_str ?? '', newText: action.new_str ?? '' };
  if (action.command === 'insert') return { oldText: '', newText: action.new_str ?? '' };
  return null;
}

type TaskList = ActionOfKind<'TaskTrackerAction'>['task_list'];

/** The plan with a status icon per task. */
export function TaskListBody({ tasks }: { tasks: TaskList | undefined }) {
  if (!tasks || tasks.length === 0) return <p className="card-note">The plan is empty.</p>;
  return (
    <ol className="task-list">
      {tasks.map((task, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: tasks are positional in the plan
        <li key={index} className={`task-list__item task-list__item--${task.status}`}>
          {task.status === 'done' ? (
            <CircleCheck size={15} aria-label="done" />
          ) : task.status === 'in_progress' ? (
            <CircleDot size={15} aria-label="in progress" />
          ) : (
            <Circle size={15} aria-label="to do" />
          )}
          <span>
            <span className="task-list__title">{task.title}</span>
            {task.notes ? <span className="task-list__notes">{task.notes}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function ThinkBody({ action }: { action: ActionOfKind<'ThinkAction'> }) {
  return (
    <details className="card-details">
      <summary>Show the thought</summary>
      <div className="card-details__content">
        <SafeMarkdown text={action.thought} />
      </div>
    </details>
  );
}

export function FinishBody({ action }: { action: ActionOfKind<'FinishAction'> }) {
  return action.message.trim() ? (
    <div className="finish-message copy-reveal">
      <SafeMarkdown text={action.message} />
      <CopyButton
        text={action.message}
        label="Copy text"
        className="copy-button--reveal finish-message__copy"
        testId="copy-message"
      />
    </div>
  ) : null;
}

/** Output of an observation whose action is not held (or of a kind this UI does not know). */
export function GenericObservationBody({ event }: { event: ObservationEvent }) {
  const text = contentText(event.observation.content);
  return text ? (
    <pre className="plain-output">
      <SecretText text={text} />
    </pre>
  ) : null;
}
