import { Check, Copy } from 'lucide-react';
import { useCopyToClipboard } from './use-copy-to-clipboard';
import './copy-button.css';

/**
 * A small quiet icon button that copies a text (read when clicked, so it may be a function) and says
 * "Copied" for a moment. `label` names what is copied: "Copy text", "Copy code"…
 */
export function CopyButton({
  text,
  label,
  className,
  testId,
}: {
  text: string | (() => string);
  label: string;
  className?: string;
  testId?: string;
}) {
  const { state, copy } = useCopyToClipboard();
  return (
    <button
      type="button"
      className={`copy-button ${state ? `copy-button--${state}` : ''} ${className ?? ''}`}
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={(event) => {
        event.stopPropagation();
        copy(typeof text === 'function' ? text() : text);
      }}
    >
      {state === 'copied' ? <Check size={13} aria-hidden /> : <Copy size={13} aria-hidden />}
      <span className="copy-button__feedback" aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </button>
  );
}
