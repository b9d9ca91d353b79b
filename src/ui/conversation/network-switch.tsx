import { Globe, GlobeLock } from 'lucide-react';

/**
 * The conversation's network switch, always visible in the header. Off (the default): commands have no
 * network at all. On: they reach the hosts of the allowlist in settings (package registries, code
 * hosts) through the workbench's proxy, never this machine's own services or private addresses.
 */
export function NetworkSwitch({
  enabled,
  busy,
  onChange,
}: {
  enabled: boolean;
  busy: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const Icon = enabled ? Globe : GlobeLock;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      aria-label="Allow network"
      className={`network-switch${enabled ? ' network-switch--on' : ''}`}
      disabled={busy}
      data-testid="network-switch"
      title={
        enabled
          ? 'Commands can reach the allowlisted hosts in settings (package registries, code hosts). Click to cut them off.'
          : 'Commands have no network. Click to let them reach the allowlisted hosts in settings, e.g. to install packages.'
      }
      onClick={() => onChange(!enabled)}
    >
      <Icon size={14} aria-hidden />
      <span>{enabled ? 'Network on' : 'Network off'}</span>
    </button>
  );
}
