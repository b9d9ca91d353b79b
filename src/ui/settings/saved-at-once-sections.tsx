import type { Settings } from '../api/wire-types';
import { GlobalApprovalRules } from '../approval-rules/global-approval-rules';
import { HooksSection } from '../hooks/global-hooks';
import { NotificationSettings } from '../inbox/notification-settings';
import { GlobalMCPServers } from '../mcp/global-mcp-servers';
import { SavedSecrets } from '../secrets/saved-secrets';
import { useSavedSecrets } from '../secrets/use-saved-secrets';

/**
 * The settings' sections that save each change on their own, at once, instead of with the form's
 * Save: approval rules, MCP servers, hooks, secrets and this browser's notifications.
 */
export function SavedAtOnceSections({ settings }: { settings: Settings }) {
  const rulesCount = settings.approval_rules.length;
  const mcpCount = Object.keys(settings.mcp_servers).length;
  const secretsCount = useSavedSecrets().data?.length;
  return (
    <>
      <details className="settings-form__section" data-testid="approval-rules-section">
        <summary>Approval rules{rulesCount ? ` · ${rulesCount}` : ''}</summary>
        <span className="field__hint">
          Checked before the policy, for every conversation: the first rule that matches allows, asks or
          denies. Changes are saved at once.
        </span>
        <GlobalApprovalRules />
      </details>
      <details className="settings-form__section" data-testid="mcp-servers-section">
        <summary>MCP servers{mcpCount ? ` · ${mcpCount}` : ''}</summary>
        <span className="field__hint">
          Tools from these servers join the agent's own in every conversation; programs run in the same
          sandbox as commands. Changes are saved at once and apply to conversations opened after.
        </span>
        <GlobalMCPServers />
      </details>
      <HooksSection />
      <details className="settings-form__section" data-testid="secrets-section">
        <summary>Secrets{secretsCount ? ` · ${secretsCount}` : ''}</summary>
        <span className="field__hint">
          Kept sealed on this machine and masked in everything the agent sees. The agent is told their names;
          a command receives one as an environment variable only when it names it (<code>$GITHUB_TOKEN</code>
          ). Values are never shown again.
        </span>
        <SavedSecrets />
      </details>
      <NotificationSettings />
    </>
  );
}
