import { Search, X } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';

/** The search field itself (sidebar and palette): a combobox that owns the result list's highlight. */
export function SearchBox({
  inputRef,
  value,
  onChange,
  onKeyDown,
  listId,
  activeOptionId,
  expanded,
  placeholder,
  shortcutHint,
  className,
}: {
  inputRef?: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  listId: string;
  activeOptionId: string | undefined;
  expanded: boolean;
  placeholder: string;
  shortcutHint?: string;
  className: string;
}) {
  return (
    <div className={className}>
      <Search size={14} className="history-searchbox__icon" aria-hidden />
      <input
        ref={inputRef}
        type="search"
        className="history-searchbox__input"
        placeholder={placeholder}
        aria-label="Search conversations"
        role="combobox"
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={expanded}
        aria-activedescendant={activeOptionId}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {value ? (
        <button
          type="button"
          className="history-searchbox__clear"
          aria-label="Clear search"
          onClick={() => onChange('')}
        >
          <X size={13} />
        </button>
      ) : shortcutHint ? (
        <kbd className="history-searchbox__kbd" aria-hidden>
          {shortcutHint}
        </kbd>
      ) : null}
    </div>
  );
}
