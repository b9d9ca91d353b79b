import { Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Automation } from '../../client/automation-types';
import { CopyButton } from '../components/copy-button';
import { describeRun } from './describe-run';
import { useAutomationMutations } from './use-automations';

/** Run now, enable or disable, copy the webhook URL, delete (asked twice): one saved automation's buttons. */
export function AutomationActions({ automation }: { automation: Automation }) {
  const { runNow, setEnabled, remove } = useAutomationMutations();
  const [, navigate] = useLocation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const webhookUrl = automation.webhook_url
    ? `${window.location.origin}${automation.webhook_url}`
    : undefined;
  const failure = runNow.error ?? setEnabled.error ?? remove.error;
  return (
    <div className="automation-actions">
      <div className="automation-actions__buttons">
        <button
          type="button"
          className="button"
          disabled={!automation.enabled || runNow.isPending}
          onClick={() => runNow.mutate(automation.id)}
        >
          <Play size={14} aria-hidden /> Run now
        </button>
        <button
          type="button"
          className="button"
          disabled={setEnabled.isPending}
          onClick={() => setEnabled.mutate({ id: automation.id, enabled: !automation.enabled })}
        >
          {automation.enabled ? 'Disable' : 'Enable'}
        </button>
        {confirmDelete ? (
          <button
            type="button"
            className="button button--danger-solid"
            onClick={() => remove.mutate(automation.id, { onSuccess: () => navigate('/automations') })}
          >
            Delete it and its history
          </button>
        ) : (
          <button type="button" className="button button--danger" onClick={() => setConfirmDelete(true)}>
            <Trash2 size={14} aria-hidden /> Delete
          </button>
        )}
      </div>
      {webhookUrl ? (
        <div className="automation-actions__webhook">
          <span className="field__label">Webhook URL (POST, JSON body up to 64 KiB)</span>
          <code className="automation-actions__url" data-testid="webhook-url">
            {webhookUrl}
          </code>
          <CopyButton text={webhookUrl} label="Copy the webhook URL" />
        </div>
      ) : null}
      {runNow.data ? (
        <p className="automation-actions__result" role="status">
          {describeRun(runNow.data)}
        </p>
      ) : null}
      {failure ? <p className="notice notice--error">{failure.message}</p> : null}
    </div>
  );
}
