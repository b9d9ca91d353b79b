import { Wallet } from 'lucide-react';
import type { BudgetEvent } from '../api/wire-types';
import './budgets.css';

const TITLES: Record<BudgetEvent['notice'], string> = {
  budget_reached: 'Budget reached',
  cost_unknown: 'Budget not checked',
  large_request: 'Large request',
  cache_hints_refused: 'Prompt cache hints off',
  cache_restart: 'Prompt cache starts again',
  native_tools_refused: 'Tools in the prompt',
};

/** A budget event where it happened in the transcript: one calm line, its detail as the runtime wrote it. */
export function BudgetNotice({ event }: { event: BudgetEvent }) {
  return (
    <div className="budget-notice" data-testid="budget-notice" data-notice={event.notice}>
      <Wallet size={14} aria-hidden />
      <span>
        <strong>{TITLES[event.notice]}.</strong> {event.detail}
      </span>
    </div>
  );
}
