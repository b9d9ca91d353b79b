import { forwardRef, type KeyboardEvent, type TextareaHTMLAttributes, useLayoutEffect, useRef } from 'react';

export interface MessageTextareaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'onSubmit'> {
  value: string;
  onChange: (value: string) => void;
  /** Enter (without Shift, outside IME composition) submits; Shift+Enter inserts a newline. */
  onSubmit: () => void;
  maxRows?: number;
}

/** A textarea that grows with its content and sends on Enter. */
export const MessageTextarea = forwardRef<HTMLTextAreaElement, MessageTextareaProps>(function MessageTextarea(
  { value, onChange, onSubmit, maxRows = 12, className, ...rest },
  forwardedRef,
) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height must be re-measured whenever the text changes
  useLayoutEffect(() => {
    const element = own.current;
    if (!element) return;
    element.style.height = 'auto';
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight) || 21;
    element.style.height = `${Math.min(element.scrollHeight, lineHeight * maxRows + 16)}px`;
  }, [value, maxRows]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    <textarea
      {...rest}
      ref={(element) => {
        own.current = element;
        if (typeof forwardedRef === 'function') forwardedRef(element);
        else if (forwardedRef) forwardedRef.current = element;
      }}
      rows={1}
      className={`textarea ${className ?? ''}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
    />
  );
});
