import { ShieldAlert, ShieldOff } from 'lucide-react';
import { useSettings } from '../api/use-settings';

/**
 * A permanent strip above every page while agent commands are not confined: the default sandbox
 * cannot run (bubblewrap missing, or for docker the daemon not answering or the image missing;
 * commands are refused, and it says what to do) or the sandbox was turned off on purpose
 * (commands run with the person's full access). Nothing is shown while the sandbox works.
 */
export function SandboxBanner() {
  const status = useSettings().data?.sandbox_status;
  if (status === undefined || status.kind === 'sandboxed') return null;
  if (status.kind === 'missing') {
    return (
      <div className="sandbox-banner sandbox-banner--missing" role="alert" data-testid="sandbox-banner">
        <ShieldAlert size={16} aria-hidden />
        {status.backend === 'docker' ? (
          <span>
            <strong>Commands are disabled: the container sandbox cannot start.</strong> {status.detail}
          </span>
        ) : (
          <span>
            <strong>Commands are disabled: bubblewrap is not installed.</strong>{' '}
            {status.detail?.replace(/^.*?commands are disabled\.\s*/i, '')}
          </span>
        )}
      </div>
    );
  }
  return (
    <div className="sandbox-banner sandbox-banner--disabled" role="alert" data-testid="sandbox-banner">
      <ShieldOff size={16} aria-hidden />
      <span>
        <strong>The sandbox is off.</strong> Agent commands run with your full access to files, network and
        processes (AGENT_WORKBENCH_SANDBOX=0). Unset it and restart to confine them again.
      </span>
    </div>
  );
}
