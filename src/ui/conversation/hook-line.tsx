import type { HookExecutionEvent } from '../api/wire-types';

/** What the hook's run came to, in a word people read. */
function verdictOf(event: HookExecutionEvent): string {
  if (event.timed_out) return 'timed out';
  if (event.decision === 'deny' || (event.blocked && event.hook_event_type === 'PreToolUse')) return 'denied';
  if (event.blocked) return 'blocked';
  if (event.decision === 'ask') return 'asked you';
  if (event.error) return 'failed';
  return 'ok';
}

/**
 * One hook run as a quiet line of the transcript (which hook, for what, what it decided, exit code
 * and time); its output opens below it. The output is the hook's (untrusted) text, shown as text.
 */
export function HookLine({ event }: { event: HookExecutionEvent }) {
  const verdict = verdictOf(event);
  const target = event.tool_name ? ` (${event.tool_name})` : '';
  const details = [
    ['Reason', event.reason],
    ['Added for the agent', event.additional_context],
    ['Problem', event.error],
    ['stdout', event.stdout],
    ['stderr', event.stderr],
  ].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return (
    <details className={`hook-line hook-line--${verdict.replace(' ', '-')}`} data-testid="hook-line">
      <summary>
        <span className="hook-line__event">
          Hook {event.hook_event_type}
          {target}
        </span>{' '}
        <code className="hook-line__command">{event.hook_name ?? event.hook_command}</code>{' '}
        <span className="hook-line__verdict">{verdict}</span>
        <span className="hook-line__meta">
          {' '}
          · exit {event.exit_code} · {event.duration_ms} ms
        </span>
      </summary>
      {details.length === 0 ? (
        <p className="hook-line__empty">No output.</p>
      ) : (
        details.map(([label, text]) => (
          <div key={label} className="hook-line__part">
            <div className="hook-line__label">{label}</div>
            <pre className="hook-line__output">{text}</pre>
          </div>
        ))
      )}
    </details>
  );
}
