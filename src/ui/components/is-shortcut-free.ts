import { isTypingTarget } from './is-typing-target';
import { useSidebarDrawer } from '../stores/sidebar-drawer-store';

/** Anything on top of the page that owns the keyboard: a modal's backdrop (settings, search, approval) or a menu. */
const OVERLAY = 'body > .modal-backdrop, [role="menu"]';

/**
 * Whether a page-wide single-key shortcut (Esc, ?) may act on `event`: nothing handled it already, no
 * modifier is held, no dialog, menu or drawer is open, and it is not part of text being typed
 * (`allowEmptyText`: a key pressed in an empty text box still counts, so Esc works from an empty composer).
 */
export function isShortcutFree(event: KeyboardEvent, { allowEmptyText = false } = {}): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (useSidebarDrawer.getState().open || document.querySelector(OVERLAY) !== null) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (!isTypingTarget(target)) return true;
  return allowEmptyText && hasNoText(target);
}

function hasNoText(element: Element | null): boolean {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
    return element.value === '';
  return (element?.textContent ?? '') === '';
}
