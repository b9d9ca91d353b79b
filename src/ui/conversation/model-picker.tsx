import { useMutation } from '@tanstack/react-query';
import { ChevronDown, Cpu } from 'lucide-react';
import { useEffect } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { ModelChoiceDialog } from '../components/model-choice-dialog';
import { useModelPicker } from '../stores/model-picker-store';
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
  return (
    <ModelChoiceDialog
      title="Model for this conversation"
      description="Changes only this conversation, from its next model call on. Same provider and key as in Settings."
      current={current}
      onPick={(model) => choose.mutate(model)}
      onClose={onClose}
      pending={choose.isPending ? choose.variables : undefined}
      error={
        choose.isError ? (
          <p className="model-picker__error" role="alert">
            Could not change the model: {choose.error.message}
          </p>
        ) : null
      }
    />
  );
}
