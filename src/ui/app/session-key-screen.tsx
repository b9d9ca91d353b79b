import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import './session-key-screen.css';

/**
 * Shown when the page was served without an injected key (the launcher runs with --public). The key
 * is checked by the first API call; a wrong one brings the person back here.
 */
export function SessionKeyScreen({ onSubmit, error }: { onSubmit: (key: string) => void; error?: string }) {
  const [key, setKey] = useState('');
  const errorId = useId();
  return (
    <div className="session-key-screen">
      <form
        className="session-key-card"
        onSubmit={(event) => {
          event.preventDefault();
          if (key.trim()) onSubmit(key.trim());
        }}
      >
        <span className="session-key-card__icon">
          <KeyRound size={20} aria-hidden />
        </span>
        <h1>Enter the session key</h1>
        {/* --public refuses to start without AGENT_WORKBENCH_SESSION_KEY, which then wins over the key
            file: the variable is the one place the key can be found. */}
        <p>
          This workbench is served on a public address, so it asks for its session key: the value of{' '}
          <code>AGENT_WORKBENCH_SESSION_KEY</code> it was started with. Ask the person who runs it.
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
        <button type="submit" className="button button--primary" disabled={!key.trim()}>
          Continue
        </button>
        <p className="session-key-card__note">Kept for this browser tab only.</p>
      </form>
    </div>
  );
}
