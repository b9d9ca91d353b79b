import { Route, Switch } from 'wouter';
import { ConversationPage } from '../conversation/conversation-page';
import { NewConversationPage } from '../home/new-conversation-page';
import { SettingsDialogHost } from '../settings/settings-dialog-host';
import { AppHeader } from './app-header';
import { NotFoundPage } from './not-found-page';
import { PageHeaderSlotProvider } from './page-header-slot';
import { SandboxBanner } from './sandbox-banner';
import { Sidebar } from './sidebar';
import './app-shell.css';

/** The frame of every screen: sidebar on the left, header and the routed page on the right. */
export function AppShell() {
  return (
    <PageHeaderSlotProvider>
      <div className="app">
        <Sidebar />
        <div className="app__column">
          <AppHeader />
          <SandboxBanner />
          <main className="app__main">
            <Switch>
              <Route path="/">
                <NewConversationPage />
              </Route>
              <Route path="/conversations/:id">
                {(params) => <ConversationPage key={params.id} conversationId={params.id} />}
              </Route>
              <Route>
                <NotFoundPage />
              </Route>
            </Switch>
          </main>
        </div>
      </div>
      <SettingsDialogHost />
    </PageHeaderSlotProvider>
  );
}
