import type { AutomationRecord } from './automation-record';
import type { CreateAutomation } from './automation-schemas';

/**
 * An automation as both stores keep it: the service's bookkeeping in columns, the definition a person
 * wrote as JSON text (so a field added later needs no migration).
 */
export interface AutomationRow {
  id: string;
  definition: string;
  webhook_token: string | null;
  created_at: string;
  updated_at: string;
  next_run_at: string | null;
}

export function automationFromRow(row: AutomationRow): AutomationRecord {
  const definition = JSON.parse(row.definition) as CreateAutomation;
  return {
    ...definition,
    // Automations saved before budgets had none of their own: the settings' default applies.
    budget: definition.budget ?? null,
    id: row.id,
    webhook_token: row.webhook_token,
    created_at: row.created_at,
    updated_at: row.updated_at,
    next_run_at: row.next_run_at,
  };
}

export function automationToRow(record: AutomationRecord): AutomationRow {
  const { id, webhook_token, created_at, updated_at, next_run_at, ...definition } = record;
  return { id, definition: JSON.stringify(definition), webhook_token, created_at, updated_at, next_run_at };
}
