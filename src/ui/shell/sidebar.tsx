import { SquarePen } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { ConversationSidebar } from '../history/conversation-sidebar';

/**
 * The left column: brand, "New conversation", and the conversation list.
 *
 * Mount point for the history feature (issue 7): it replaces <RecentConversations /> below with
 * <ConversationSidebar /> from src/ui/history/conversation-sidebar. The list gets the whole remaining
 * height of the sidebar (it scrolls itself) and may use the tokens of src/ui/styles/tokens.css and
 * the .sidebar-item classes of shell/app-shell.css.
 */
export function Sidebar() {
  const [location] = useLocation();
  return (
    <nav className="sidebar" aria-label="Conversations">
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
      </div>
      <Link href="/" className={`sidebar__new ${location === '/' ? 'sidebar__new--active' : ''}`}>
        <SquarePen size={15} aria-hidden />
        New conversation
      </Link>
      <div className="sidebar__list">
        <ConversationSidebar />
      </div>
    </nav>
  );
}
