import { CalendarClock, SquarePen, X } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useFocusTrap } from '../components/use-focus-trap';
import { useOtherModalOpen } from '../components/use-other-modal-open';
import { ConversationSidebar } from '../history/conversation-sidebar';

export const SIDEBAR_ID = 'app-sidebar';

/**
 * The left column: brand, "New conversation", and the conversation list (src/ui/history). On narrow
 * screens it is a drawer (`drawerOpen`): over the page, focus kept inside while open, Esc or the close
 * button closes it (`onClose`) and focus goes back where it was. It stays mounted while closed: it
 * hosts the Ctrl/Cmd+K palette.
 */
export function Sidebar({ drawerOpen, onClose }: { drawerOpen: boolean; onClose: () => void }) {
  const [location] = useLocation();
  const nav = useRef<HTMLElement>(null);
  // A dialog opened from the list (delete) keeps focus itself; the drawer's trap waits meanwhile.
  const modalOpen = useOtherModalOpen();
  useFocusTrap(nav, drawerOpen && !modalOpen);
  const onKeyDown = (event: KeyboardEvent) => {
    // Portalled menus and dialogs opened from the list bubble here in React's tree: only keys from the drawer itself.
    if (!drawerOpen || event.key !== 'Escape' || event.defaultPrevented) return;
    if (!(event.target instanceof Node) || !nav.current?.contains(event.target)) return;
    event.stopPropagation();
    onClose();
  };
  return (
    <nav
      ref={nav}
      id={SIDEBAR_ID}
      className={`sidebar ${drawerOpen ? 'sidebar--open' : ''}`}
      aria-label="Conversations"
      onKeyDown={onKeyDown}
    >
      <div className="sidebar__brand">
        <span className="sidebar__logo" aria-hidden>
          <svg viewBox="0 0 32 32" width="22" height="22">
            <title>Agent Workbench</title>
            <rect width="32" height="32" rx="8" fill="var(--accent)" />
            <path
              d="M9 21l5-10 4 7 2-3 3 6"
              stroke="white"
              strokeWidth="2.4"
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <span className="sidebar__name">Agent Workbench</span>
        <button
          type="button"
          className="button button--ghost button--icon sidebar__close"
          aria-label="Close the sidebar"
          onClick={onClose}
        >
          <X size={16} />
        </button>
      </div>
      <Link
        href="/"
        className={`sidebar__new ${location === '/' ? 'sidebar__new--active' : ''}`}
        data-autofocus
      >
        <SquarePen size={15} aria-hidden />
        New conversation
      </Link>
      <Link
        href="/automations"
        className={`sidebar__automations ${location.startsWith('/automations') ? 'sidebar__automations--active' : ''}`}
      >
        <CalendarClock size={15} aria-hidden />
        Automations
      </Link>
      <div className="sidebar__list">
        <ConversationSidebar />
      </div>
    </nav>
  );
}
