import { useState } from 'react';

const MAX_TITLE = 200;

/**
 * The inline title editor: Enter or leaving the field saves, Esc cancels. An empty or unchanged
 * title saves nothing.
 */
export function RenameInput({
  title,
  onSave,
  onCancel,
}: {
  title: string;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(title);
  const [done, setDone] = useState(false);
  const finish = (save: boolean) => {
    if (done) return;
    setDone(true);
    const next = draft.trim();
    if (save && next.length > 0 && next !== title) onSave(next);
    else onCancel();
  };
  return (
    <input
      className="history-row__rename"
      aria-label="Conversation title"
      value={draft}
      maxLength={MAX_TITLE}
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}
