import { Plus, Trash2 } from 'lucide-react';
import { EMPTY_PRICE_DRAFT, PRICE_KEYS, PRICE_LABELS, type PriceDraft } from './price-drafts';
import './prices.css';

/**
 * The Prices section of the settings dialog: per row a model name and its four prices (USD per
 * million tokens), used before the built-in table; rows are added and removed here and saved with
 * the dialog.
 */
export function PricesSection({
  drafts,
  onChange,
  errors,
}: {
  drafts: readonly PriceDraft[];
  onChange: (drafts: PriceDraft[]) => void;
  errors: Record<number, string>;
}) {
  const update = (index: number, patch: Partial<PriceDraft>) =>
    onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  return (
    <details className="settings-form__section" data-testid="prices-section">
      <summary>Prices{drafts.length ? ` · ${drafts.length}` : ''}</summary>
      <span className="field__hint">
        USD per million tokens, for a model the built-in table lacks or prices differently. A provider's own
        reported cost still wins.
      </span>
      <div className="price-fields">
        {drafts.map((draft, index) => (
          // Rows have no id of their own; the index is stable while a person edits them.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <fieldset className="price-fields__row" key={index} data-testid="price-row">
            <input
              className="input input--mono price-fields__model"
              value={draft.model}
              placeholder="Model name"
              aria-label={`Model of price ${index + 1}`}
              aria-invalid={errors[index] ? true : undefined}
              spellCheck={false}
              onChange={(event) => update(index, { model: event.target.value })}
            />
            {PRICE_KEYS.map((key) => (
              <input
                key={key}
                className="input price-fields__price"
                inputMode="decimal"
                value={draft[key]}
                placeholder={PRICE_LABELS[key]}
                title={PRICE_LABELS[key]}
                aria-label={`${PRICE_LABELS[key]} of price ${index + 1}`}
                onChange={(event) => update(index, { [key]: event.target.value })}
              />
            ))}
            <button
              type="button"
              className="button button--ghost button--icon"
              aria-label={`Remove price ${index + 1}`}
              onClick={() => onChange(drafts.filter((_, at) => at !== index))}
            >
              <Trash2 size={14} aria-hidden />
            </button>
            {errors[index] ? <span className="field__hint field__hint--warning">{errors[index]}</span> : null}
          </fieldset>
        ))}
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onChange([...drafts, EMPTY_PRICE_DRAFT])}
        >
          <Plus size={14} aria-hidden /> Add a price
        </button>
      </div>
    </details>
  );
}
