import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleExclamationPoint, LoaderCircle, PlugZap, Settings as SettingsIcon } from 'lucide-react';
import { useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { SETTINGS_QUERY_KEY } from '../api/use-settings';
import type { Settings } from '../api/wire-types';
import { type BudgetDrafts, type BudgetKey, budgetsOfDrafts, draftsOf } from '../budgets/budget-drafts';
import { BudgetFields } from '../budgets/budget-fields';
import { ModalDialog } from '../components/modal-dialog';
import { type PriceDraft, priceDraftsOf, pricesOfDrafts } from '../prices/price-drafts';
import { PricesSection } from '../prices/prices-section';
import { DefaultApprovalFields } from './default-approval-fields';
import { ModelFields } from './model-fields';
import { SavedAtOnceSections } from './saved-at-once-sections';
import { SandboxFields } from './sandbox-fields';
import { draftLines, llmInputOf, type SettingsDraft, settingsDraftOf } from './settings-draft';
import { TestConnectionResult } from './test-connection-result';
import { useTestConnection } from './use-test-connection';
import './settings-dialog.css';

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
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsDraftOf(settings));
  // Default budgets of new conversations and automation runs; checked here before anything is sent.
  const [budgets, setBudgets] = useState<BudgetDrafts>(() => draftsOf(settings.budgets));
  const parsedBudgets = budgetsOfDrafts(budgets);
  const budgetErrors: Partial<Record<BudgetKey, string>> = parsedBudgets.ok ? {} : parsedBudgets.errors;
  // Prices by model name, used before the built-in table; checked here too.
  const [prices, setPrices] = useState<PriceDraft[]>(() => priceDraftsOf(settings.prices));
  const parsedPrices = pricesOfDrafts(prices);
  const change = (patch: Partial<SettingsDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    test.reset();
  };
  const overridden = new Set(settings.overridden_by_env);

  const test = useTestConnection();
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        client.PATCH('/api/settings', {
          body: {
            llm: { ...llmInputOf(draft), base_url: draft.baseUrl.trim() || null },
            confirmation_policy: draft.policy,
            security_analyzer: draft.analyzer,
            sandbox: {
              network_allowlist: draftLines(draft.allowlist),
              deny_paths: draftLines(draft.denyPaths),
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
            <TestConnectionResult result={test.data} error={test.error?.message} />
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
            onClick={() => test.mutate(llmInputOf(draft))}
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
        <ModelFields draft={draft} settings={settings} onChange={change} />
        <DefaultApprovalFields
          policy={draft.policy}
          analyzer={draft.analyzer}
          saved={settings.confirmation_policy}
          onChange={change}
        />
        <SavedAtOnceSections settings={settings} />
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
        <SandboxFields draft={draft} onChange={change} />
        {overridden.size > 0 ? (
          <p className="field__hint">
            Set by environment variables, which win over this form: {[...overridden].join(', ')}.
          </p>
        ) : null}
      </form>
    </ModalDialog>
  );
}
