import type { SettingsDraft } from './settings-draft';

/** The settings' section on the sandbox of commands: network allowlist, hidden paths, process and memory limits. */
export function SandboxFields({
  draft,
  onChange,
}: {
  draft: SettingsDraft;
  onChange: (patch: Partial<SettingsDraft>) => void;
}) {
  return (
    <details className="settings-form__section">
      <summary>Sandbox for commands</summary>
      <label className="field">
        <span className="field__label">Network allowlist</span>
        <textarea
          className="input input--mono settings-form__list"
          rows={5}
          value={draft.allowlist}
          onChange={(event) => onChange({ allowlist: event.target.value })}
          spellCheck={false}
          aria-label="Network allowlist"
        />
        <span className="field__hint">
          One host per line (<code>*.example.com</code> for its subdomains). Reachable only by conversations
          whose network switch is on; this machine and private addresses never are.
        </span>
      </label>
      <label className="field">
        <span className="field__label">Hidden paths</span>
        <textarea
          className="input input--mono settings-form__list"
          rows={3}
          value={draft.denyPaths}
          placeholder="~/secrets"
          onChange={(event) => onChange({ denyPaths: event.target.value })}
          spellCheck={false}
          aria-label="Hidden paths"
        />
        <span className="field__hint">
          Never visible to commands, besides the data folder and credential folders (~/.ssh, ~/.aws, …).
        </span>
      </label>
      <div className="settings-form__row">
        <label className="field">
          <span className="field__label">Process limit</span>
          <input
            className="input"
            type="number"
            min={16}
            value={draft.maxProcesses}
            onChange={(event) => onChange({ maxProcesses: event.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">Memory limit (MiB)</span>
          <input
            className="input"
            type="number"
            min={64}
            value={draft.maxMemoryMb}
            onChange={(event) => onChange({ maxMemoryMb: event.target.value })}
          />
        </label>
      </div>
      <span className="field__hint">Limits apply to each conversation's terminal from its next start.</span>
    </details>
  );
}
