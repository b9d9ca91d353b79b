import { X } from 'lucide-react';
import { type HTMLAttributes, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap';
import './modal-dialog.css';

export interface ModalDialogProps {
  title: string;
  description?: ReactNode;
  /** Called on Esc, the close button and a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Shown between the (scrolling) body and the footer, always in view: results, errors. */
  status?: ReactNode;
  width?: number;
  /** Extra test and styling hook. */
  className?: string;
  icon?: ReactNode;
  /** Extra class on the backdrop (stacking, test hooks). */
  backdropClassName?: string;
  /** Opened by itself, not by the person: leave focus in the text box they are typing in. */
  keepTypingFocus?: boolean;
  /** Handlers on the panel, for dialogs that track how the person moved into them. */
  panelProps?: Pick<HTMLAttributes<HTMLDivElement>, 'onPointerDown'>;
  /** The dialog element, for callers that need to know whether focus is inside it. */
  panelRef?: RefObject<HTMLDivElement | null>;
}

/** A modal dialog: labelled for screen readers, focus trapped inside, Esc closes it. */
export function ModalDialog({
  title,
  description,
  onClose,
  children,
  footer,
  status,
  width = 520,
  className,
  icon,
  backdropClassName,
  keepTypingFocus,
  panelProps,
  panelRef,
}: ModalDialogProps) {
  const ownPanel = useRef<HTMLDivElement>(null);
  const panel = panelRef ?? ownPanel;
  const titleId = useId();
  const descriptionId = useId();
  useFocusTrap(panel, true, { keepTypingFocus });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog is a mouse shortcut; Esc and the close button are the accessible ways out
    <div
      className={`modal-backdrop ${backdropClassName ?? ''}`}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={`modal ${className ?? ''}`}
        style={{ width }}
        tabIndex={-1}
        {...panelProps}
      >
        <header className="modal__header">
          {icon ? <span className="modal__icon">{icon}</span> : null}
          <div className="modal__titles">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="modal__description">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            className="button button--ghost button--icon"
            aria-label="Close"
            onClick={onClose}
          >
            <X size={16} />
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {status ? <div className="modal__status">{status}</div> : null}
        {footer ? <footer className="modal__footer">{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
