import { Link, useLocation } from 'wouter';
import { useRecentConversations } from '../api/use-recent-conversations';
import { StatusDot } from '../components/status-dot';
import { relativeTime } from '../components/relative-time';

/** A plain list of the newest conversations; the history feature replaces it with the full one. */
export function RecentConversations() {
  const conversations = useRecentConversations();
  const [location] = useLocation();
  const items = conversations.data?.items ?? [];
  return (
    <section className="recent" aria-label="Recent conversations">
      <h2 className="sidebar__heading">Recent</h2>
      {conversations.isError ? <p className="sidebar__empty">Could not load conversations.</p> : null}
      {conversations.isSuccess && items.length === 0 ? (
        <p className="sidebar__empty">No conversations yet. Describe a task to start one.</p>
      ) : null}
      <ul className="recent__items">
        {items.map((conversation) => {
          const href = `/conversations/${conversation.id}`;
          return (
            <li key={conversation.id}>
              <Link
                href={href}
                className={`sidebar-item ${location === href ? 'sidebar-item--active' : ''}`}
                aria-current={location === href ? 'page' : undefined}
              >
                <StatusDot status={conversation.execution_status} />
                <span className="sidebar-item__title">{conversation.title || 'Untitled'}</span>
                <time className="sidebar-item__time" dateTime={conversation.updated_at}>
                  {relativeTime(conversation.updated_at)}
                </time>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
