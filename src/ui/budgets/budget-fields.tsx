import { BUDGET_KEYS, BUDGET_LABELS, type BudgetDrafts, type BudgetKey } from './budget-drafts';

/**
 * The budget inputs of the settings dialog (defaults) and a conversation's budget dialog: one text
 * field per budget, empty for none, with what it limits and the refusal beside it.
 */
export function BudgetFields({
  drafts,
  onChange,
  errors,
  keys = BUDGET_KEYS,
}: {
  drafts: BudgetDrafts;
  onChange: (drafts: BudgetDrafts) => void;
  errors: Partial<Record<BudgetKey, string>>;
  keys?: readonly BudgetKey[];
}) {
  return (
    <>
      {keys.map((key) => (
        <label className="field" key={key}>
          <span className="field__label">{BUDGET_LABELS[key].label}</span>
          <input
            className="input"
            inputMode="decimal"
            placeholder="No limit"
            value={drafts[key]}
            aria-invalid={errors[key] ? true : undefined}
            data-testid={`budget-${key}`}
            onChange={(event) => onChange({ ...drafts, [key]: event.target.value })}
          />
          <span className={`field__hint ${errors[key] ? 'field__hint--warning' : ''}`}>
            {errors[key] ?? BUDGET_LABELS[key].hint}
          </span>
        </label>
      ))}
    </>
  );
}
