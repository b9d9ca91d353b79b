import { CircleExclamationPoint, Settings } from 'lucide-react';
import type { ConversationErrorEvent, ExecutionStatus } from '../api/wire-types';
import { useSettingsDialog } from '../stores/settings-dialog-store';
import { humanizeCode } from './humanize-code';

const SETTINGS_CODES =
  /^LLM(Auth|NotFound|NotConfigured|Quota|Config|BadRequest)|Settings|NoModel|ModelNotConfigured/i;

/**
 * When the conversation stopped on an error (or got stuck), says what happened and what to do:
 * open Settings for model problems, otherwise send guidance or resume. An error banner has no Resume
 * of its own: the run controls right below offer it, and two identical buttons read as two actions.
 */
export function ConversationBanner({
  status,
  error,
  onResume,
}: {
  status: ExecutionStatus | undefined;
  error: ConversationErrorEvent | undefined;
  onResume: () => void;
}) {
  const showSettings = useSettingsDialog((state) => state.show);
  if (status === 'stuck') {
    return (
      <div
        className="conversation-banner notice notice--warning"
        role="alert"
        data-testid="conversation-banner"
      >
        <CircleExclamationPoint size={16} aria-hidden />
        <span>
          <strong>The agent seems stuck</strong>: it kept repeating the same step. Send a message with more
          guidance, or{' '}
          <button type="button" className="link-button" onClick={onResume}>
            let it try again
          </button>
          .
        </span>
      </div>
    );
  }
  if (status !== 'error' || !error) return null;
  const settingsProblem = SETTINGS_CODES.test(error.code);
  return (
    <div className="conversation-banner notice notice--error" role="alert" data-testid="conversation-banner">
      <CircleExclamationPoint size={16} aria-hidden />
      <span className="conversation-banner__text">
        <strong>{humanizeCode(error.code)}.</strong> {error.detail}
      </span>
      {settingsProblem ? (
        <button
          type="button"
          className="button button--small"
          onClick={() => showSettings(`The last run stopped: ${error.detail}`)}
        >
          <Settings size={13} /> Open settings
        </button>
      ) : null}
    </div>
  );
}
