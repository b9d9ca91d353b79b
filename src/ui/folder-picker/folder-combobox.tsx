import { Clock, Folder, FolderSearch, LoaderCircle } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { plainText } from '../components/plain-text';
import './folder-picker.css';

export interface FolderOption {
  path: string;
  /** What the row shows: a recent folder's whole path, a sub-folder's name. */
  label: string;
  recent: boolean;
}

/**
 * A text box for a folder path with a list under it (the ARIA combobox pattern): recent folders
 * first, then the folders where the typed path points. Typing a path still works as before; ↓/↑ move
 * through the list, Enter picks, Esc closes it, and the button beside opens it for the mouse. Pure
 * presentation: the options come from the caller.
 */
export function FolderCombobox({
  value,
  onChange,
  options,
  loading,
  label,
  placeholder,
  className,
  inputClassName,
  invalid,
  id,
}: {
  /** The input's id, for a visible <label htmlFor>. */
  id?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly FolderOption[];
  loading: boolean;
  label: string;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
  invalid?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const shown = open && (options.length > 0 || loading);
  const choose = (option: FolderOption) => {
    onChange(option.path);
    setOpen(false);
    setActive(-1);
  };
  const move = (step: number) => {
    setOpen(true);
    if (options.length === 0) return;
    setActive((current) => (current + step + options.length) % options.length);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && shown && options[active]) {
      event.preventDefault(); // picks the folder; it does not submit the form around it
      choose(options[active]);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      event.stopPropagation(); // closes the list only, not the dialog or the run behind it
      setOpen(false);
    }
  };
  const recent = options.filter((option) => option.recent);
  const folders = options.filter((option) => !option.recent);
  const row = (option: FolderOption) => {
    const index = options.indexOf(option);
    const Icon = option.recent ? Clock : Folder;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (aria-activedescendant)
      <div
        key={`${option.recent}:${option.path}`}
        id={optionId(index)}
        role="option"
        tabIndex={-1}
        aria-selected={index === active}
        className={`folder-picker__option ${index === active ? 'folder-picker__option--active' : ''}`}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(option)}
        title={option.path}
      >
        <Icon size={14} aria-hidden />
        {/* Folder names are the agent's: one plain line; the path picked stays exactly the real one. */}
        <span className="folder-picker__label">{plainText(option.label, 160)}</span>
      </div>
    );
  };
  return (
    <div className={`folder-picker ${className ?? ''}`}>
      <input
        id={id}
        role="combobox"
        aria-label={label}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        className={inputClassName}
        placeholder={placeholder}
        value={value}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <button
        type="button"
        className="button button--ghost button--icon button--small folder-picker__toggle"
        aria-label="Browse folders"
        title="Browse folders"
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => {
          setOpen((current) => !current);
          (event.currentTarget.previousElementSibling as HTMLInputElement | null)?.focus();
        }}
      >
        <FolderSearch size={14} aria-hidden />
      </button>
      <div role="listbox" id={listId} aria-label="Folders" className="folder-picker__list" hidden={!shown}>
        {recent.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options, not a form fieldset
          <div role="group" aria-label="Recent folders">
            <div className="folder-picker__heading" aria-hidden>
              Recent
            </div>
            {recent.map(row)}
          </div>
        ) : null}
        {folders.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options, not a form fieldset
          <div role="group" aria-label="Folders here">
            <div className="folder-picker__heading" aria-hidden>
              Folders
            </div>
            {folders.map(row)}
          </div>
        ) : null}
        {loading && folders.length === 0 ? (
          <div className="folder-picker__loading" aria-hidden>
            <LoaderCircle size={14} className="spin" /> Looking…
          </div>
        ) : null}
      </div>
    </div>
  );
}
