import { lazy, Suspense } from 'react';

/**
 * The routed pages, each a chunk of its own: the first download holds the shell (sidebar, header,
 * dialogs) and only the page the URL names is fetched next, in parallel with the shell's first API
 * calls. The names match the pages', so the router reads the same with or without the split.
 */
const ConversationChunk = lazy(() =>
  import('../conversation/conversation-page').then((module) => ({ default: module.ConversationPage })),
);
const NewConversationChunk = lazy(() =>
  import('../home/new-conversation-page').then((module) => ({ default: module.NewConversationPage })),
);
const AutomationsChunk = lazy(() =>
  import('../automations/automations-page').then((module) => ({ default: module.AutomationsPage })),
);

export function ConversationPage({ conversationId }: { conversationId: string }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <ConversationChunk conversationId={conversationId} />
    </Suspense>
  );
}

export function NewConversationPage() {
  return (
    <Suspense fallback={<PageLoading />}>
      <NewConversationChunk />
    </Suspense>
  );
}

export function AutomationsPage({ automationId }: { automationId?: string }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <AutomationsChunk automationId={automationId} />
    </Suspense>
  );
}

/** An empty, busy page for the moment the page's chunk is on its way (usually a few ms, local). */
function PageLoading() {
  return <div className="app__page-loading" aria-busy="true" data-testid="page-loading" />;
}
