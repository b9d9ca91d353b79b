import { Check } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export type MenuEntry =
  | { type: 'item'; key: string; label: string; icon?: ReactNode; danger?: boolean; onSelect: () => void }
  | { type: 'choice'; key: string; label: string; checked: boolean; onSelect: () => void }
  | { type: 'label'; key: string; label: string }
  | { type: 'separator'; key: string };

const MENU_WIDTH = 208;
const EDGE = 8;

/**
 * A small menu anchored to a button, rendered in a portal (the virtual list clips its rows). Arrow
 * keys move between entries, Enter or a click picks one, Esc or a click elsewhere closes it and
 * focus goes back to the button.
 */
export function PopoverMenu({
  anchor,
  label,
  entries,
  onClose,
}: {
  anchor: HTMLElement;
  label: string;
  entries: readonly MenuEntry[];
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const rect = anchor.getBoundingClientRect();
    const height = menu.current?.offsetHeight ?? 0;
    const below = rect.bottom + 4;
    const top = below + height > window.innerHeight - EDGE ? Math.max(EDGE, rect.top - 4 - height) : below;
    const left = Math.min(Math.max(EDGE, rect.right - MENU_WIDTH), window.innerWidth - MENU_WIDTH - EDGE);
    setPosition({ top, left });
  }, [anchor]);

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !anchor.contains(target)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [anchor, onClose]);

  const close = () => {
    onClose();
    anchor.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? items[0] : items.at(-1))?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return createPortal(
    <div
      ref={menu}
      role="menu"
      aria-label={label}
      className="history-menu"
      style={{ width: MENU_WIDTH, top: position?.top ?? -9999, left: position?.left ?? -9999 }}
      onKeyDown={onKeyDown}
    >
      {entries.map((entry) => {
        switch (entry.type) {
          case 'separator':
            return <hr key={entry.key} className="history-menu__separator" />;
          case 'label':
            return (
              <div key={entry.key} className="history-menu__label" role="presentation">
                {entry.label}
              </div>
            );
          case 'choice':
            return (
              <button
                key={entry.key}
                type="button"
                role="menuitemradio"
                aria-checked={entry.checked}
                className="history-menu__item"
                onClick={() => {
                  entry.onSelect();
                  close();
                }}
              >
                <span className="history-menu__icon">{entry.checked ? <Check size={14} /> : null}</span>
                {entry.label}
              </button>
            );
          default:
            return (
              <button
                key={entry.key}
                type="button"
                role="menuitem"
                className={`history-menu__item ${entry.danger ? 'history-menu__item--danger' : ''}`}
                onClick={() => {
                  entry.onSelect();
                  close();
                }}
              >
                <span className="history-menu__icon">{entry.icon}</span>
                {entry.label}
              </button>
            );
        }
      })}
    </div>,
    document.body,
  );
}
