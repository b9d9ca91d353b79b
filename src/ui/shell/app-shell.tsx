import { Route, Switch } from 'wouter';
import { AutomationsPage, ConversationPage, NewConversationPage } from './lazy-pages';
import { InboxHost } from '../inbox/inbox-host';
import { SettingsDialogHost } from '../settings/settings-dialog-host';
import { AppHeader } from './app-header';
import { KeyboardShortcutsHost } from './keyboard-shortcuts-host';
import { NotFoundPage } from './not-found-page';
import { PageHeaderSlotProvider } from '../components/page-header-slot';
import { SandboxBanner } from './sandbox-banner';
import { Sidebar } from './sidebar';
import { useSidebarDrawerOpen } from './use-sidebar-drawer-open';
import './app-shell.css';

/**
 * The frame of every screen: sidebar on the left, header and the routed page on the right. Below
 * 900 px the sidebar is a drawer over the page, behind a scrim; the page is inert while it is open.
 */
export function AppShell() {
  const [drawerOpen, setDrawerOpen] = useSidebarDrawerOpen();
  const closeDrawer = () => setDrawerOpen(false);
  return (
    <PageHeaderSlotProvider>
      <div className={`app ${drawerOpen ? 'app--drawer-open' : ''}`}>
        <Sidebar drawerOpen={drawerOpen} onClose={closeDrawer} />
        {drawerOpen ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the drawer is a mouse shortcut; Esc and the close button are the accessible ways out
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div className="app__scrim" data-testid="drawer-scrim" onClick={closeDrawer} />
        ) : null}
        <div className="app__column" inert={drawerOpen}>
          <AppHeader drawerOpen={drawerOpen} onOpenDrawer={() => setDrawerOpen(true)} />
          <SandboxBanner />
          <main className="app__main">
            <Switch>
              <Route path="/">
                <NewConversationPage />
              </Route>
              <Route path="/conversations/:id">
                {(params) => <ConversationPage key={params.id} conversationId={params.id} />}
              </Route>
              <Route path="/automations">
                <AutomationsPage />
              </Route>
              <Route path="/automations/:id">
                {(params) => <AutomationsPage automationId={params.id} />}
              </Route>
              <Route>
                <NotFoundPage />
              </Route>
            </Switch>
          </main>
        </div>
      </div>
      <SettingsDialogHost />
      <InboxHost />
      <KeyboardShortcutsHost />
    </PageHeaderSlotProvider>
  );
}
