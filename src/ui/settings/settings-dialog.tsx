import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CircleCheck,
  CircleExclamationPoint,
  LoaderCircle,
  PlugZap,
  Settings as SettingsIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { SETTINGS_QUERY_KEY } from '../api/use-settings';
import type { ConfirmationPolicy, Settings } from '../api/wire-types';
import { GlobalApprovalRules } from '../approval-rules/global-approval-rules';
import { type BudgetDrafts, type BudgetKey, budgetsOfDrafts, draftsOf } from '../budgets/budget-drafts';
import { BudgetFields } from '../budgets/budget-fields';
import { ModalDialog } from '../components/modal-dialog';
import { NotificationSettings } from '../inbox/notification-settings';
import { GlobalMCPServers } from '../mcp/global-mcp-servers';
import { type PriceDraft, priceDraftsOf, pricesOfDrafts } from '../prices/price-drafts';
import { PricesSection } from '../prices/prices-section';
import { SavedSecrets } from '../secrets/saved-secrets';
import { useSavedSecrets } from '../secrets/use-saved-secrets';
import { DefaultApprovalFields } from './default-approval-fields';
import { HooksSection } from '../hooks/global-hooks';
import { PROVIDERS, type Provider } from './providers';
import { type ConnectionTestResult, useTestConnection } from './use-test-connection';
import './settings-dialog.css';

interface Draft {
  provider: Provider;
  model: string;
  baseUrl: string;
  apiKey: string;
  policy: ConfirmationPolicy;
  analyzer: Settings['security_analyzer'];
  /** One host per line. */
  allowlist: string;
  /** One path per line. */
  denyPaths: string;
  maxProcesses: string;
  maxMemoryMb: string;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Model, base URL, API key and the default approval policy, with a real "Test connection". */
export function SettingsDialog({
  settings,
  reason,
  onClose,
}: {
  settings: Settings;
  reason?: string;
  onClose: () => void;
}) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => ({
    provider: settings.llm?.provider ?? 'openai-compatible',
    model: settings.llm?.model ?? '',
    baseUrl: settings.llm?.base_url ?? '',
    apiKey: '',
    policy: settings.confirmation_policy,
    analyzer: settings.security_analyzer,
    allowlist: settings.sandbox.network_allowlist.join('\n'),
    denyPaths: settings.sandbox.deny_paths.join('\n'),
    maxProcesses: String(settings.sandbox.max_processes),
    maxMemoryMb: String(settings.sandbox.max_memory_mb),
  }));
  // Default budgets of new conversations and automation runs; checked here before anything is sent.
  const [budgets, setBudgets] = useState<BudgetDrafts>(() => draftsOf(settings.budgets));
  const parsedBudgets = budgetsOfDrafts(budgets);
  const budgetErrors: Partial<Record<BudgetKey, string>> = parsedBudgets.ok ? {} : parsedBudgets.errors;
  // Prices by model name, used before the built-in table; checked here too.
  const [prices, setPrices] = useState<PriceDraft[]>(() => priceDraftsOf(settings.prices));
  const parsedPrices = pricesOfDrafts(prices);
  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    test.reset();
  };
  const overridden = new Set(settings.overridden_by_env);
  const keySet = settings.llm?.api_key_set ?? false;
  // The runtime forgets a saved key when the host it goes to changes without a new key: say so first.
  const keyWillClear =
    keySet &&
    draft.apiKey === '' &&
    !overridden.has('LLM_API_KEY') &&
    (draft.provider !== settings.llm?.provider || draft.baseUrl.trim() !== (settings.llm?.base_url ?? ''));
  const llmInput = () => ({
    provider: draft.provider,
    model: draft.model.trim(),
    base_url: draft.baseUrl.trim() || undefined,
    api_key: draft.apiKey || undefined,
  });

  const test = useTestConnection();
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        client.PATCH('/api/settings', {
          body: {
            llm: { ...llmInput(), base_url: draft.baseUrl.trim() || null },
            confirmation_policy: draft.policy,
            security_analyzer: draft.analyzer,
            sandbox: {
              network_allowlist: lines(draft.allowlist),
              deny_paths: lines(draft.denyPaths),
              max_processes: Number(draft.maxProcesses),
              max_memory_mb: Number(draft.maxMemoryMb),
            },
            ...(parsedBudgets.ok ? { budgets: parsedBudgets.budgets } : {}),
            ...(parsedPrices.ok ? { prices: parsedPrices.prices } : {}),
          },
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      onClose();
    },
  });
  const canSubmit = draft.model.trim() !== '' && parsedBudgets.ok && parsedPrices.ok;
  const rulesCount = settings.approval_rules.length;
  const mcpCount = Object.keys(settings.mcp_servers).length;
  const secretsCount = useSavedSecrets().data?.length;

  return (
    <ModalDialog
      title="Settings"
      description="The model the agent uses and how careful it is by default."
      icon={<SettingsIcon size={17} />}
      onClose={onClose}
      className="settings-dialog"
      status={
        test.data || test.error || save.isError ? (
          <>
            <TestResult result={test.data} error={test.error?.message} />
            {save.isError ? (
              <div className="notice notice--error" role="alert">
                <CircleExclamationPoint size={16} aria-hidden />
                <span>Could not save: {save.error.message}</span>
              </div>
            ) : null}
          </>
        ) : undefined
      }
      footer={
        <>
          <button
            type="button"
            className="button"
            disabled={!canSubmit || test.isPending}
            onClick={() => test.mutate(llmInput())}
          >
            {test.isPending ? <LoaderCircle size={14} className="spin" /> : <PlugZap size={14} />}
            Test connection
          </button>
          <span className="settings-dialog__spacer" />
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form="settings-form"
            className="button button--primary"
            disabled={!canSubmit || save.isPending}
          >
            {save.isPending ? <LoaderCircle size={14} className="spin" /> : null}
            Save
          </button>
        </>
      }
    >
      {reason ? <p className="settings-dialog__reason">{reason}</p> : null}
      <form
        id="settings-form"
        className="settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) save.mutate();
        }}
      >
        <div className="settings-form__row">
          <label className="field">
            <span className="field__label">Provider</span>
            <select
              className="select"
              value={draft.provider}
              disabled={overridden.has('LLM_PROVIDER')}
              onChange={(event) => change({ provider: event.target.value as Provider })}
            >
              {Object.entries(PROVIDERS).map(([value, provider]) => (
                <option key={value} value={value} title={provider.description}>
                  {provider.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Model</span>
            <input
              className="input input--mono"
              value={draft.model}
              placeholder={PROVIDERS[draft.provider].modelPlaceholder}
              disabled={overridden.has('LLM_MODEL')}
              onChange={(event) => change({ model: event.target.value })}
              data-autofocus
              spellCheck={false}
            />
          </label>
        </div>
        <label className="field">
          <span className="field__label">Base URL</span>
          <input
            className="input input--mono"
            value={draft.baseUrl}
            placeholder={PROVIDERS[draft.provider].baseUrlPlaceholder}
            disabled={overridden.has('LLM_BASE_URL')}
            onChange={(event) => change({ baseUrl: event.target.value })}
            spellCheck={false}
          />
          <span className="field__hint">{PROVIDERS[draft.provider].baseUrlHint}</span>
        </label>
        <label className="field">
          <span className="field__label">API key</span>
          <input
            className="input input--mono"
            type="password"
            autoComplete="off"
            value={draft.apiKey}
            placeholder={keySet ? '•••••••• (saved — leave empty to keep it)' : 'sk-…'}
            disabled={overridden.has('LLM_API_KEY')}
            onChange={(event) => change({ apiKey: event.target.value })}
          />
          {keyWillClear ? (
            <span className="field__hint field__hint--warning" data-testid="key-will-clear">
              The saved key will be cleared: it is never sent to a different provider or base URL. Enter the
              key for the new one.
            </span>
          ) : (
            <span className="field__hint">
              Kept in settings.json on this machine; never sent back to the browser.
            </span>
          )}
        </label>
        <DefaultApprovalFields
          policy={draft.policy}
          analyzer={draft.analyzer}
          saved={settings.confirmation_policy}
          onChange={change}
        />
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
            Kept sealed on this machine and masked in everything the agent sees. The agent is told their
            names; a command receives one as an environment variable only when it names it (
            <code>$GITHUB_TOKEN</code>). Values are never shown again.
          </span>
          <SavedSecrets />
        </details>
        <NotificationSettings />
        <details className="settings-form__section" data-testid="budgets-section">
          <summary>Budgets</summary>
          <span className="field__hint">
            Defaults for new conversations and automation runs. Reaching one pauses the run until it is
            raised.
          </span>
          <BudgetFields drafts={budgets} onChange={setBudgets} errors={budgetErrors} />
        </details>
        <PricesSection
          drafts={prices}
          onChange={setPrices}
          errors={parsedPrices.ok ? {} : parsedPrices.errors}
        />
        <details className="settings-form__section">
          <summary>Sandbox for commands</summary>
          <label className="field">
            <span className="field__label">Network allowlist</span>
            <textarea
              className="input input--mono settings-form__list"
              rows={5}
              value={draft.allowlist}
              onChange={(event) => change({ allowlist: event.target.value })}
              spellCheck={false}
              aria-label="Network allowlist"
            />
            <span className="field__hint">
              One host per line (<code>*.example.com</code> for its subdomains). Reachable only by
              conversations whose network switch is on; this machine and private addresses never are.
            </span>
          </label>
          <label className="field">
            <span className="field__label">Hidden paths</span>
            <textarea
              className="input input--mono settings-form__list"
              rows={3}
              value={draft.denyPaths}
              placeholder="~/secrets"
              onChange={(event) => change({ denyPaths: event.target.value })}
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
                onChange={(event) => change({ maxProcesses: event.target.value })}
              />
            </label>
            <label className="field">
              <span className="field__label">Memory limit (MiB)</span>
              <input
                className="input"
                type="number"
                min={64}
                value={draft.maxMemoryMb}
                onChange={(event) => change({ maxMemoryMb: event.target.value })}
              />
            </label>
          </div>
          <span className="field__hint">
            Limits apply to each conversation's terminal from its next start.
          </span>
        </details>
        {overridden.size > 0 ? (
          <p className="field__hint">
            Set by environment variables, which win over this form: {[...overridden].join(', ')}.
          </p>
        ) : null}
      </form>
    </ModalDialog>
  );
}

function TestResult({
  result,
  error,
}: {
  result: ConnectionTestResult | undefined;
  error: string | undefined;
}) {
  if (error) {
    return (
      <div className="notice notice--error" role="alert" data-testid="connection-test-result">
        <CircleExclamationPoint size={16} aria-hidden />
        <span>{error}</span>
      </div>
    );
  }
  if (!result) return null;
  if (result.ok) {
    return (
      <div className="notice notice--success" role="status" data-testid="connection-test-result">
        <CircleCheck size={16} aria-hidden />
        <span>
          Connected: <strong>{result.model}</strong> answered in {Math.round(result.latency_ms)} ms.
        </span>
      </div>
    );
  }
  return (
    <div className="notice notice--error" role="alert" data-testid="connection-test-result">
      <CircleExclamationPoint size={16} aria-hidden />
      <span>
        <strong>Connection failed.</strong> {result.detail}
      </span>
    </div>
  );
}
