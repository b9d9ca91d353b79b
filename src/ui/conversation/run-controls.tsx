import { useMutation } from '@tanstack/react-query';
import { FoldVertical, LoaderCircle, Pause, Play, Square } from 'lucide-react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import type { Event, ExecutionStatus } from '../api/wire-types';
import { condenseNowBlocked, condenseNowTitle } from './condense-now';
import type { ConversationCommands } from './use-conversation-commands';
import './run-controls.css';

/**
 * Pause (no new step; the current one finishes), Stop (interrupt now) and Resume, each enabled only
 * when it means something for the current status; a pressed button shows a spinner until the runtime
 * answers. `finishing`: paused, but the step that was in flight is still running to its end (its
 * command or model call): the controls say "Pausing…" and keep Stop, rather than offer Resume.
 */
export function RunControls({
  status,
  finishing,
  commands,
  conversationId,
  events,
  queued = false,
}: {
  status: ExecutionStatus | undefined;
  finishing: boolean;
  /** The run waits in the run queue: "Leave queue" (a pause) instead of Resume. */
  queued?: boolean;
  commands: ConversationCommands;
  /** With the branch's events: offers "Condense now" (see CondenseNow). */
  conversationId?: string;
  events?: readonly Event[];
}) {
  const active = status === 'running' || status === 'waiting_for_confirmation' || finishing;
  const canResume = status === 'paused' || status === 'idle' || status === 'error' || status === 'stuck';
  const { pause, interrupt, run } = commands;
  const pausing = pause.isPending || finishing || (pause.isSuccess && status === 'running');
  return (
    <div className="run-controls">
      {conversationId && events ? (
        <CondenseNow conversationId={conversationId} events={events} status={status} />
      ) : null}
      {active ? (
        <>
          <button
            type="button"
            className="button button--small"
            disabled={status !== 'running' || pausing}
            onClick={() => pause.mutate()}
            title="Start no new step: the current one finishes"
          >
            {pausing ? <LoaderCircle size={13} className="spin" /> : <Pause size={13} />}
            {pausing ? 'Pausing…' : 'Pause'}
          </button>
          <button
            type="button"
            className="button button--small button--danger"
            disabled={interrupt.isPending}
            onClick={() => interrupt.mutate()}
            title="Stop now: cancels the model call or command in progress"
          >
            {interrupt.isPending ? <LoaderCircle size={13} className="spin" /> : <Square size={12} />}
            {interrupt.isPending ? 'Stopping…' : 'Stop'}
          </button>
        </>
      ) : queued ? (
        <button
          type="button"
          className="button button--small"
          disabled={pause.isPending}
          onClick={() => pause.mutate()}
          title="Take the run out of the queue: the conversation pauses until you resume it"
        >
          {pause.isPending ? <LoaderCircle size={13} className="spin" /> : <Pause size={13} />}
          Leave queue
        </button>
      ) : (
        <button
          type="button"
          className="button button--small"
          disabled={!canResume || run.isPending}
          onClick={() => run.mutate()}
          title="Continue the run"
        >
          {run.isPending ? <LoaderCircle size={13} className="spin" /> : <Play size={13} />}
          Resume
        </button>
      )}
    </div>
  );
}

/**
 * Condense now: the same route as the `/condense` command. Idle, the runtime summarises at once and
 * the divider appears; while the agent works, it condenses before the next step. Disabled, with the
 * reason as its title, when nothing after the task is left to condense. A failure (no model, the
 * summary call failed) shows beside it until the next try.
 */
function CondenseNow({
  conversationId,
  events,
  status,
}: {
  conversationId: string;
  events: readonly Event[];
  status: ExecutionStatus | undefined;
}) {
  const { client } = useApi();
  const condense = useMutation({
    mutationFn: () =>
      unwrap(
        client.POST('/api/conversations/{id}/condense', {
          params: { path: { id: conversationId } },
          body: {},
        }),
      ),
  });
  const blocked = condenseNowBlocked(events, status);
  return (
    <>
      {condense.isError ? (
        <span className="run-controls__error" role="alert">
          Could not condense:{' '}
          {condense.error instanceof Error ? condense.error.message : String(condense.error)}
        </span>
      ) : null}
      <button
        type="button"
        className="button button--small button--ghost"
        // aria-disabled, not disabled: the reason stays readable (title, focus) while it cannot act.
        aria-disabled={blocked !== null || condense.isPending || undefined}
        onClick={() => {
          if (blocked === null && !condense.isPending) condense.mutate();
        }}
        title={blocked ?? condenseNowTitle(status)}
        aria-description={blocked ?? undefined}
        data-testid="condense-now"
        aria-label={condense.isPending ? 'Condensing…' : 'Condense now'}
      >
        {condense.isPending ? <LoaderCircle size={13} className="spin" /> : <FoldVertical size={13} />}
        <span className="run-controls__condense-label">
          {condense.isPending ? 'Condensing…' : 'Condense'}
        </span>
      </button>
    </>
  );
}
