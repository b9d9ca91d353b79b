import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import './session-key-screen.css';

/**
 * Shown when this browser is not logged in: the one-time link was already used (or never opened),
 * the workbench runs with --public, or the cookie was cleared. The key goes to the ingress, which
 * answers with an HttpOnly cookie; `onSubmit` settles once that answer is in, and a refusal comes
 * back as `error`.
 */
export function SessionKeyScreen({
  onSubmit,
  error,
}: {
  onSubmit: (key: string) => Promise<void>;
  error?: string;
}) {
  const [key, setKey] = useState('');
  const [sending, setSending] = useState(false);
  const errorId = useId();
  return (
    <div className="session-key-screen">
      <form
        className="session-key-card"
        onSubmit={(event) => {
          event.preventDefault();
          if (!key.trim() || sending) return;
          setSending(true);
          void onSubmit(key.trim()).finally(() => setSending(false));
        }}
      >
        <span className="session-key-card__icon">
          <KeyRound size={20} aria-hidden />
        </span>
        <h1>Enter the session key</h1>
        <p>
          This browser is not logged in. Open the link <code>agent-workbench</code> printed when it started
          (it works once), or enter the session key: the <code>AGENT_WORKBENCH_SESSION_KEY</code> it was
          started with, or else the <code>session-key</code> file in its data folder (
          <code>~/.agent-workbench</code> unless <code>--data-dir</code> says otherwise).
        </p>
        <label className="field">
          <span className="field__label">Session key</span>
          <input
            className="input input--mono"
            type="password"
            autoComplete="off"
            autoFocus
            value={key}
            onChange={(event) => setKey(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        {error ? (
          <p className="session-key-card__error" id={errorId} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={!key.trim() || sending}>
          Continue
        </button>
        <p className="session-key-card__note">
          Kept in a cookie for this browser that the page's scripts cannot read.
        </p>
      </form>
    </div>
  );
}
