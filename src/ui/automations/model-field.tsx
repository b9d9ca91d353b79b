import { ChevronDown, Cpu } from 'lucide-react';
import { useId, useState } from 'react';
import { ModelChoiceDialog } from '../components/model-choice-dialog';
import { FieldError } from './form-fields';

/**
 * The automation's model, picked in the same dialog (and from the same provider list) as a
 * conversation's; empty follows the settings' model at run time. The service's refusal shows beside it.
 */
export function ModelField({
  value,
  onChange,
  settingsModel,
  error,
}: {
  value: string;
  onChange: (model: string) => void;
  /** The settings' model now, to say what "as in the settings" means; undefined when none is set. */
  settingsModel: string | undefined;
  error: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const hintId = useId();
  const followsSettings = settingsModel ? `As in the settings (${settingsModel})` : 'As in the settings';
  return (
    <div className="field">
      <span className="field__label" id={labelId}>
        Model
      </span>
      <div className="automation-form__model">
        <button
          type="button"
          className="button automation-form__model-button"
          aria-haspopup="dialog"
          aria-labelledby={`${labelId} ${valueId}`}
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          onClick={() => setOpen(true)}
        >
          <Cpu size={14} aria-hidden />
          <span id={valueId} className={value ? 'automation-form__model-name' : undefined}>
            {value || followsSettings}
          </span>
          <ChevronDown size={13} aria-hidden />
        </button>
        {value ? (
          <button type="button" className="button button--ghost" onClick={() => onChange('')}>
            Use the settings' model
          </button>
        ) : null}
      </div>
      <span className="field__hint" id={hintId}>
        Same provider, endpoint and key as in Settings.
      </span>
      <FieldError message={error} />
      {open ? (
        <ModelChoiceDialog
          title="Model for this automation"
          description="Every run of this automation uses it. Same provider and key as in Settings."
          current={value}
          onPick={(model) => {
            onChange(model);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
