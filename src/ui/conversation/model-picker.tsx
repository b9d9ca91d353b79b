import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, ChevronDown, Cpu, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { ModalDialog } from '../components/modal-dialog';
import { useModelPicker } from './model-picker-store';
import './model-picker.css';

/**
 * The conversation's model in the header; a click (or `/model`) opens the picker. Models are listed
 * from the provider in the settings when it has a list; a name can always be typed.
 */
export function ModelPicker({
  conversationId,
  model,
  onChanged,
}: {
  conversationId: string;
  model: string;
  /** The change is recorded: the page reloads the conversation's info. */
  onChanged: () => void;
}) {
  const open = useModelPicker((state) => state.open);
  const setOpen = useModelPicker((state) => state.setOpen);
  // A picker opened for another conversation (by `/model` there) does not follow to this one.
  useEffect(() => () => setOpen(false), [setOpen]);
  return (
    <>
      <button
        type="button"
        className="model-button"
        onClick={() => setOpen(true)}
        title="Change this conversation's model"
        aria-haspopup="dialog"
        data-testid="model-button"
      >
        <Cpu size={14} aria-hidden />
        <span className="visually-hidden">Model:</span>
        <span className="model-button__name">{model || 'No model'}</span>
        <ChevronDown size={13} aria-hidden />
      </button>
      {open ? (
        <ModelPickerDialog
          conversationId={conversationId}
          current={model}
          onClose={() => setOpen(false)}
          onChanged={() => {
            setOpen(false);
            onChanged();
          }}
        />
      ) : null}
    </>
  );
}

function ModelPickerDialog({
  conversationId,
  current,
  onClose,
  onChanged,
}: {
  conversationId: string;
  current: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { client } = useApi();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const models = useQuery({
    queryKey: ['provider-models'],
    queryFn: () => unwrap(client.GET('/api/settings/models')),
    staleTime: 60_000,
  });
  const choose = useMutation({
    mutationFn: (model: string) =>
      unwrap(
        client.POST('/api/conversations/{id}/model', {
          params: { path: { id: conversationId } },
          body: { model },
        }),
      ),
    onSuccess: onChanged,
  });

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
    if (!choose.isPending) choose.mutate(model);
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
      title="Model for this conversation"
      description="Changes only this conversation, from its next model call on. Same provider and key as in Settings."
      onClose={onClose}
      width={460}
      className="model-picker"
      icon={<Cpu size={16} aria-hidden />}
      status={
        choose.isError ? (
          <p className="model-picker__error" role="alert">
            Could not change the model: {choose.error.message}
          </p>
        ) : null
      }
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
              {choose.isPending && choose.variables === model ? (
                <LoaderCircle size={13} className="spin" aria-label="Changing" />
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </ModalDialog>
  );
}
