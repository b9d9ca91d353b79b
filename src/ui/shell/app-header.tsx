import { Menu, Settings } from 'lucide-react';
import { InboxButton } from '../inbox/inbox-button';
import { useSettingsDialog } from '../stores/settings-dialog-store';
import { ConnectionIndicator } from './connection-indicator';
import { PageHeaderSlot } from '../components/page-header-slot';
import { SIDEBAR_ID } from './sidebar';

/**
 * Top bar: on narrow screens a menu button for the sidebar drawer first; then the page's own title and
 * tools (they scroll sideways when they do not fit); runtime status, the inbox and settings on the right.
 */
export function AppHeader({ drawerOpen, onOpenDrawer }: { drawerOpen: boolean; onOpenDrawer: () => void }) {
  const showSettings = useSettingsDialog((state) => state.show);
  return (
    <header className="app-header">
      <button
        type="button"
        className="button button--ghost button--icon app-header__menu"
        aria-label="Conversations"
        title="Conversations"
        aria-expanded={drawerOpen}
        aria-controls={SIDEBAR_ID}
        onClick={onOpenDrawer}
      >
        <Menu size={18} />
      </button>
      <PageHeaderSlot className="app-header__page" />
      <div className="app-header__tools">
        <ConnectionIndicator />
        <InboxButton />
        <button
          type="button"
          className="button button--ghost button--icon"
          aria-label="Settings"
          title="Settings"
          onClick={() => showSettings()}
        >
          <Settings size={16} />
        </button>
      </div>
    </header>
  );
}
