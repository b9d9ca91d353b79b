import { Plus } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { useSettings } from '../api/use-settings';
import { PageHeader } from '../components/page-header-slot';
import { AutomationActions } from './automation-actions';
import { AutomationForm } from './automation-form';
import { AutomationList } from './automation-list';
import { AutomationRuns } from './automation-runs';
import { useAutomations } from './use-automations';
import './automations.css';

/**
 * /automations: the list; /automations/new: the form for a new one; /automations/<id>: one
 * automation's form, buttons and run history beside the list.
 */
export function AutomationsPage({ automationId }: { automationId?: string }) {
  const automations = useAutomations();
  const settings = useSettings();
  const [, navigate] = useLocation();
  const items = automations.data?.items ?? [];
  const selected = items.find((automation) => automation.id === automationId);
  return (
    <div className="automations">
      <PageHeader>
        <h1 className="page-title">Automations</h1>
      </PageHeader>
      <div className="automations__columns">
        <section className="automations__list" aria-label="All automations">
          <Link href="/automations/new" className="button button--primary automations__new">
            <Plus size={14} aria-hidden /> New automation
          </Link>
          {automations.isError ? <p className="notice notice--error">{automations.error.message}</p> : null}
          <AutomationList automations={items} selectedId={automationId} />
        </section>
        <section className="automations__detail">
          {automationId === 'new' ? (
            <AutomationForm
              defaultWorkspace={settings.data?.default_workspace ?? ''}
              onSaved={(saved) => navigate(`/automations/${saved.id}`)}
            />
          ) : selected ? (
            <>
              <AutomationActions automation={selected} />
              <AutomationForm
                key={selected.id}
                automation={selected}
                defaultWorkspace=""
                onSaved={() => {}}
              />
              <AutomationRuns automationId={selected.id} />
            </>
          ) : automationId && automations.isSuccess ? (
            <p className="automations__empty">This automation does not exist (deleted?).</p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
