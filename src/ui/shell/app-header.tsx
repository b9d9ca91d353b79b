import { Settings } from 'lucide-react';
import { useSettingsDialog } from '../settings/settings-dialog-store';
import { ConnectionIndicator } from './connection-indicator';
import { PageHeaderSlot } from './page-header-slot';

/** Top bar: the page's own title and tools on the left, runtime status and settings on the right. */
export function AppHeader() {
  const showSettings = useSettingsDialog((state) => state.show);
  return (
    <header className="app-header">
      <PageHeaderSlot className="app-header__page" />
      <div className="app-header__tools">
        <ConnectionIndicator />
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
