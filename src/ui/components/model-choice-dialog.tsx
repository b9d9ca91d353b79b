import { Check, Cpu, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useProviderModels } from '../api/use-provider-models';
import { ModalDialog } from './modal-dialog';
import './model-choice-dialog.css';

/**
 * The model picker: the settings' provider's models to filter, or any name typed (some providers list
 * nothing, or not all). Picking `current` only closes it. The caller decides what a pick does: a
 * conversation switches at once (and passes `pending` and `error`), a form keeps it in its draft.
 */
export function ModelChoiceDialog({
  title,
  description,
  current,
  onPick,
  onClose,
  pending,
  error,
}: {
  title: string;
  description: ReactNode;
  /** The model in use, marked "current"; '' for none. */
  current: string;
  onPick: (model: string) => void;
  onClose: () => void;
  /** A model whose pick is being applied: a spinner beside it, and no second pick meanwhile. */
  pending?: string | undefined;
  error?: ReactNode;
}) {
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const models = useProviderModels();

  const typed = query.trim();
  const options = useMemo(() => {
    const listed = models.data?.models ?? [];
    const needle = typed.toLowerCase();
    const matching = needle ? listed.filter((id) => id.toLowerCase().includes(needle)) : listed;
    // A typed name the list does not hold is offered too: some providers list nothing, or not all.
    return typed && !listed.includes(typed) ? [...matching, typed] : matching;
  }, [models.data, typed]);
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  useEffect(() => input.current?.focus(), []);

  const pick = (model: string) => {
    if (model === current) return onClose();
    if (pending === undefined) onPick(model);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % Math.max(options.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const model = options[activeIndex];
      if (model) pick(model);
    }
  };

  return (
    <ModalDialog
      title={title}
      description={description}
      onClose={onClose}
      width={460}
      className="model-picker"
      icon={<Cpu size={16} aria-hidden />}
      status={error}
    >
      <input
        ref={input}
        className="input model-picker__input"
        role="combobox"
        aria-label="Model name"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={options[activeIndex] ? `${listId}-${activeIndex}` : undefined}
        placeholder={
          models.data?.source === 'free_text' ? 'Type a model name' : 'Filter, or type a model name'
        }
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        spellCheck={false}
        autoComplete="off"
      />
      {models.isPending ? (
        <p className="model-picker__note">
          <LoaderCircle size={13} className="spin" aria-hidden /> Asking the provider for its models…
        </p>
      ) : models.data?.source === 'free_text' ? (
        <p className="model-picker__note" data-testid="model-list-unavailable">
          {models.data.detail ?? 'The provider has no model list.'} Type the model's name.
        </p>
      ) : models.isError ? (
        <p className="model-picker__note">
          Could not ask for the models: {models.error.message}. Type the name.
        </p>
      ) : null}
      {options.length > 0 ? (
        <div className="model-picker__list" id={listId} role="listbox" aria-label="Models">
          {options.map((model, index) => (
            // The keyboard works from the filter box (aria-activedescendant), so an option needs no key handler.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={model}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              tabIndex={-1}
              className={`model-picker__option ${index === activeIndex ? 'model-picker__option--active' : ''}`}
              onMouseMove={() => setActive(index)}
              onClick={() => pick(model)}
            >
              <span className="model-picker__name">
                {models.data?.models.includes(model) ? model : `Use “${model}”`}
              </span>
              {model === current ? (
                <span className="model-picker__current">
                  <Check size={13} aria-hidden /> current
                </span>
              ) : null}
              {pending === model ? <LoaderCircle size={13} className="spin" aria-label="Changing" /> : null}
            </div>
          ))}
        </div>
      ) : null}
    </ModalDialog>
  );
}
