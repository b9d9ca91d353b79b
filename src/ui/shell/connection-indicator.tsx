import { useServerInfo } from '../api/use-server-info';
import { useLiveConnection } from '../stores/live-connection-store';

/**
 * Whether the runtime answers, with its version. While it does not (or the open conversation's socket
 * is retrying), it says so honestly and keeps checking; a lost connection never means the agent stopped.
 */
export function ConnectionIndicator() {
  const serverInfo = useServerInfo();
  const socketReconnecting = useLiveConnection((state) => state.socketReconnecting);
  const state = serverInfo.isError || socketReconnecting ? 'down' : serverInfo.data ? 'up' : 'checking';
  const label = state === 'up' ? 'Connected' : state === 'down' ? 'Reconnecting…' : 'Connecting…';
  return (
    <div
      className={`connection connection--${state}`}
      role="status"
      aria-live="polite"
      data-testid="connection-indicator"
      title={label}
    >
      <span className="connection__dot" aria-hidden />
      <span className="connection__label">{label}</span>
      {serverInfo.data ? (
        <span className="connection__version" data-testid="runtime-version" title={serverInfo.data.title}>
          v{serverInfo.data.workbench_version}
        </span>
      ) : null}
    </div>
  );
}
