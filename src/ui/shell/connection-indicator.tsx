import { useServerInfo } from '../api/use-server-info';

/**
 * Whether the runtime answers, with its version. While it does not, it says so honestly and keeps
 * checking; a down runtime never means the agent stopped (it resumes when the runtime is back).
 */
export function ConnectionIndicator() {
  const serverInfo = useServerInfo();
  const state = serverInfo.isError ? 'down' : serverInfo.data ? 'up' : 'checking';
  const label = state === 'up' ? 'Connected' : state === 'down' ? 'Reconnecting…' : 'Connecting…';
  return (
    <div className={`connection connection--${state}`} role="status" aria-live="polite" data-testid="connection-indicator">
      <span className="connection__dot" aria-hidden />
      <span className="connection__label">{label}</span>
      {serverInfo.data ? (
        <span className="connection__version" data-testid="runtime-version" title={serverInfo.data.title}>
          v{serverInfo.data.version}
        </span>
      ) : null}
    </div>
  );
}
