import { LoaderCircle, Pause, Play, Square } from 'lucide-react';
import type { ExecutionStatus } from '../api/wire-types';
import type { ConversationCommands } from './use-conversation-commands';

/**
 * Pause (finish the current step, then stop), Stop (interrupt now) and Resume, each enabled only when
 * it means something for the current status; a pressed button shows a spinner until the runtime answers.
 */
export function RunControls({
  status,
  commands,
}: {
  status: ExecutionStatus | undefined;
  commands: ConversationCommands;
}) {
  const active = status === 'running' || status === 'waiting_for_confirmation';
  const canResume = status === 'paused' || status === 'idle' || status === 'error' || status === 'stuck';
  const { pause, interrupt, run } = commands;
  const pausing = pause.isPending || (pause.isSuccess && status === 'running');
  return (
    <div className="run-controls">
      {active ? (
        <>
          <button
            type="button"
            className="button button--small"
            disabled={status !== 'running' || pausing}
            onClick={() => pause.mutate()}
            title="Finish the current step, then stop"
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
