import { LoaderCircle, Pause, Play, Square } from 'lucide-react';
import type { ExecutionStatus } from '../api/wire-types';
import type { ConversationCommands } from './use-conversation-commands';

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
}: {
  status: ExecutionStatus | undefined;
  finishing: boolean;
  commands: ConversationCommands;
}) {
  const active = status === 'running' || status === 'waiting_for_confirmation' || finishing;
  const canResume = status === 'paused' || status === 'idle' || status === 'error' || status === 'stuck';
  const { pause, interrupt, run } = commands;
  const pausing = pause.isPending || finishing || (pause.isSuccess && status === 'running');
  return (
    <div className="run-controls">
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
