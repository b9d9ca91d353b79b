import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import './attachments.css';

/** The paperclip: opens the file chooser (any files, several at once). */
export function AttachButton({
  onFiles,
  disabled,
  className,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={`button button--ghost button--icon ${className ?? ''}`}
        aria-label="Attach files"
        title="Attach files or images (or paste, or drop them here)"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <Paperclip size={16} aria-hidden />
      </button>
      <input
        ref={input}
        className="attach-input"
        type="file"
        multiple
        tabIndex={-1}
        aria-hidden
        data-testid="attach-input"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </>
  );
}
