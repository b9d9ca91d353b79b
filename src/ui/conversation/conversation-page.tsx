import { Bot, CircleExclamationPoint, GitBranch, LoaderCircle, ShieldExclamationPoint } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useApi } from '../api/api-context';
import { ConversationRulesButton } from '../approval-rules/conversation-rules-button';
import { BranchFilesDialog } from '../changes/branch-files-dialog';
import { ChangesPanel } from '../changes/changes-panel';
import { useChangesPanelOpen } from '../changes/changes-panel-open';
import type { ForkFiles } from '../changes/checkpoint-types';
import { checkpointSteps, describeRestore } from '../changes/checkpoint-steps';
import { RestoreDialog, type RestoreTarget } from '../changes/restore-dialog';
import { useCheckpoints } from '../changes/use-checkpoint-api';
import { useLiveChangesRefresh } from '../changes/use-live-changes-refresh';
import { unwrap } from '../api/describe-api-error';
import { BudgetPauseCard } from '../budgets/budget-pause-card';
import { ConversationBudgetButton } from '../budgets/conversation-budget-button';
import { budgetPause } from '../../conversation-rules';
import { isTransientApiError } from '../api/transient-api-error';
import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';
import type { MessageEvent } from '../api/wire-types';
import { hasOlderEvents } from '../conversation-store/conversation-view-state';
import { transcriptRows } from '../conversation-store/transcript-rows';
import { useMarkSeenWhileOpen } from '../inbox/use-mark-seen-while-open';
import { useLiveConnection } from '../shell/live-connection-store';
import { useEscapeToStop } from '../shell/use-escape-to-stop';
import { PageHeader } from '../shell/page-header-slot';
import { ApprovalDialog } from './approval-dialog';
import { Composer } from './composer';
import { useComposerDrafts } from './composer-drafts';
import { contentText } from './content-text';
import { WorkspaceHooksNotice } from '../hooks/workspace-hooks-notice';
import { ConversationBanner } from './conversation-banner';
import { RelatedConversationLink } from './related-conversation-link';
import { SandboxLabel } from './sandbox-label';
import { latestConversationError } from './latest-conversation-error';
import { ModelPicker } from './model-picker';
import { SkillsButton } from '../skills/skills-button';
import { MCPButton } from '../mcp/mcp-button';
import { ReplyModelContext, replyModelReader } from './model-picker-reply-model';
import { NetworkSwitch } from './network-switch';
import { PolicySwitcher } from './policy-switcher';
import { RunControls } from './run-controls';
import { StatusLine } from './status-line';
import { Transcript } from './transcript';
import type { RowCallbacks } from './transcript-row-view';
import { useConversationCommands } from './use-conversation-commands';
import { usePendingApproval } from './use-pending-approval';
import { useRunQueueRefresh } from './use-run-queue-refresh';
import { useConversation, useConversationSession } from './use-conversation-session';
import { PreviewPanel } from '../preview/preview-panel';
import { type SidePanel, SidePanelTabs, SidePanelToggles } from './side-panel-switches';
import { useToolPanel } from './tool-panel';
import './conversation-page.css';

// xterm.js is the largest thing the page could load: only when the Terminal tab opens.
const TerminalPanel = lazy(() =>
  import('../terminal/terminal-panel').then((module) => ({ default: module.TerminalPanel })),
);

/** One conversation, live: transcript, status and controls, composer, approval dialog. */
export function ConversationPage({ conversationId }: { conversationId: string }) {
  const { client } = useApi();
  const [, navigate] = useLocation();
  const { store, loadOlder, loadError } = useConversationSession(conversationId);
  const info = useConversation(store, (state) => state.info);
  const events = useConversation(store, (state) => state.events);
  // The active branch only: an abandoned branch (navigate, then a new message) is not mixed in.
  const branchEvents = useConversation(store, (state) => state.branch);
  const branchPoints = useConversation(store, (state) => state.branchPoints);
  const streaming = useConversation(store, (state) => state.streaming);
  const optimistic = useConversation(store, (state) => state.optimistic);
  const connection = useConversation(store, (state) => state.connection);
  const hasOlder = useConversation(store, hasOlderEvents);
  const commands = useConversationCommands(conversationId, store);
  const setDraft = useComposerDrafts((state) => state.setDraft);
  const status = info?.execution_status;
  useMarkSeenWhileOpen(conversationId, info?.last_seq);

  const rows = useMemo(
    () => transcriptRows({ events: branchEvents, branchPoints, streaming, optimistic, status }),
    [branchEvents, branchPoints, streaming, optimistic, status],
  );
  // Paused, with the step that was in flight still running to its end (see finishingAfterPause).
  const finishing =
    status === 'paused' &&
    rows.some((row) => (row.type === 'action' && row.phase === 'running') || row.type === 'streaming');
  const conversationError = useMemo(() => latestConversationError(branchEvents), [branchEvents]);
  const pausedByBudget = useMemo(() => budgetPause(branchEvents, status), [branchEvents, status]);
  // Each agent reply's model, from the `llm` changes in the log (see replyModelReader).
  const currentModel = info?.llm.model;
  const replyModel = useMemo(() => replyModelReader(events, currentModel), [events, currentModel]);
  const queryClient = useQueryClient();
  const setSocketReconnecting = useLiveConnection((state) => state.setSocketReconnecting);
  useEffect(() => {
    setSocketReconnecting(connection === 'reconnecting');
    return () => setSocketReconnecting(false);
  }, [connection, setSocketReconnecting]);
  // The sidebar shows each conversation's status: refresh it when this one changes.
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
  }, [status, queryClient]);

  useLiveChangesRefresh(conversationId, events);
  const checkpoints = useCheckpoints(conversationId);
  const steps = useMemo(() => checkpointSteps(checkpoints.data ?? [], events), [checkpoints.data, events]);
  const changesOpen = useChangesPanelOpen((state) => state.open);
  const setChangesOpen = useChangesPanelOpen((state) => state.setOpen);
  const toolPanel = useToolPanel((state) => state.panel);
  const setToolPanel = useToolPanel((state) => state.setPanel);
  const sidePanel: SidePanel | null = toolPanel ?? (changesOpen ? 'changes' : null);
  // One side panel at a time; choosing the shown one again closes it.
  const showSide = (panel: SidePanel | null) => {
    const next = panel === sidePanel ? null : panel;
    setChangesOpen(next === 'changes');
    setToolPanel(next === 'terminal' || next === 'preview' ? next : null);
  };
  const [restoreTarget, setRestoreTarget] = useState<RestoreTarget | null>(null);
  const [branching, setBranching] = useState<{ fromEventId: string | undefined; draft?: string } | null>(
    null,
  );
  const working = // paused with the last step finishing counts: the runtime refuses a restore then
    status === 'running' ||
    status === 'waiting_for_confirmation' ||
    (status === 'paused' && rows.some((row) => row.type === 'action' && row.phase === 'running'));
  // Esc stops whenever Stop is offered (RunControls), unless a dialog, menu or text has the key.
  useEscapeToStop(status === 'running' || status === 'waiting_for_confirmation' || finishing, () => {
    if (!commands.interrupt.isPending) commands.interrupt.mutate();
  });
  const restoreBlocked = working ? 'Files cannot be restored while the agent is working' : null;

  const openFork = useCallback(
    async (fromEventId: string | undefined, draft?: string, files?: ForkFiles) => {
      const fork = await commands.fork.mutateAsync({ fromEventId, files });
      if (fromEventId === undefined) {
        // Editing the very first message: the fork starts empty.
        await unwrap(
          client.POST('/api/conversations/{id}/navigate', {
            params: { path: { id: fork.id } },
            body: { event_id: null },
          }),
        );
      }
      if (draft !== undefined) setDraft(fork.id, draft);
      navigate(`/conversations/${fork.id}`);
    },
    [commands.fork, client, setDraft, navigate],
  );
  // Asks about the branch's files when they were tracked at the fork point; else forks at once.
  const branch = useCallback(
    async (fromEventId: string | undefined, draft?: string) => {
      const seq = events.find((event) => event.id === fromEventId)?.seq;
      // The list may lag the last steps by the live refresh's debounce: ask for it fresh.
      const list = seq === undefined ? [] : ((await checkpoints.refetch()).data ?? checkpoints.data ?? []);
      const tracked = seq !== undefined && list.some((checkpoint) => checkpoint.seq <= seq);
      if (tracked) {
        commands.fork.reset();
        setBranching({ fromEventId, draft });
      } else void openFork(fromEventId, draft).catch(() => undefined); // the error shows in the fork banner below
    },
    [events, checkpoints.refetch, checkpoints.data, commands.fork.reset, openFork],
  );
  const callbacks = useMemo<RowCallbacks>(
    () => ({
      onBranch: (eventId) => void branch(eventId),
      onEditAndResend: (message: MessageEvent) =>
        void branch(message.parent_id, contentText(message.llm_message.content)),
      onRestore: setRestoreTarget,
      restoreBlocked,
      describeRestore: (event) => describeRestore(event, steps),
    }),
    [branch, restoreBlocked, steps],
  );
  const refreshInfo = () =>
    void unwrap(client.GET('/api/conversations/{id}', { params: { path: { id: conversationId } } })).then(
      (fresh) => store.getState().receiveInfo(fresh),
    );
  const approval = usePendingApproval(branchEvents, status, commands, refreshInfo);
  useRunQueueRefresh(info, events.at(-1)?.seq, refreshInfo);
  const { pending, dialogOpen } = approval;

  if (loadError && isTransientApiError(loadError)) {
    // Retried with backoff by the session: the page fills in by itself once the runtime answers.
    return (
      <div className="empty-page" role="status">
        <LoaderCircle size={22} className="spin" aria-hidden />
        <h1>Waiting for the runtime…</h1>
        <p>{loadError.message}. This conversation opens as soon as it answers.</p>
      </div>
    );
  }
  if (loadError) {
    return (
      <div className="empty-page" role="alert">
        <CircleExclamationPoint size={22} aria-hidden />
        <h1>{loadError.status === 404 ? 'Conversation not found' : 'Could not open this conversation'}</h1>
        <p>{loadError.status === 404 ? 'It may have been deleted.' : loadError.message}</p>
      </div>
    );
  }

  return (
    <div className={`conversation ${sidePanel ? 'conversation--side-open' : ''}`}>
      <PageHeader>
        <h1 className="page-title" title={info?.title}>
          {info?.title ?? 'Loading…'}
        </h1>
        {info?.forked_from_conversation_id ? (
          <RelatedConversationLink
            conversationId={info.forked_from_conversation_id}
            label="Branched from"
            icon={GitBranch}
            testId="forked-from"
          />
        ) : null}
        {info?.parent_conversation_id ? (
          <RelatedConversationLink
            conversationId={info.parent_conversation_id}
            label="Sub-agent of"
            icon={Bot}
            testId="parent-conversation"
          />
        ) : null}
        {info?.sandbox ? <SandboxLabel kind={info.sandbox} image={info.sandbox_image} /> : null}
        <span className="conversation__header-spacer" />
        {info ? (
          <ModelPicker conversationId={conversationId} model={info.llm.model} onChanged={refreshInfo} />
        ) : null}
        <SkillsButton conversationId={conversationId} />
        <MCPButton conversationId={conversationId} />
        <SidePanelToggles shown={sidePanel} onShow={showSide} />
        {info ? (
          <NetworkSwitch
            enabled={info.network_access}
            busy={commands.setNetwork.isPending}
            onChange={(enabled) => commands.setNetwork.mutate(enabled)}
          />
        ) : null}
        {info ? (
          <ConversationRulesButton
            conversationId={conversationId}
            info={info}
            onInfo={(fresh) => store.getState().receiveInfo(fresh)}
          />
        ) : null}
        {info ? (
          <ConversationBudgetButton
            conversationId={conversationId}
            budgets={info.budgets}
            onInfo={(fresh) => store.getState().receiveInfo(fresh)}
          />
        ) : null}
        {info ? (
          <PolicySwitcher
            policy={info.confirmation_policy}
            busy={commands.setPolicy.isPending}
            onChange={(policy) => commands.setPolicy.mutate(policy, { onSuccess: refreshInfo })}
          />
        ) : null}
      </PageHeader>

      <SidePanelTabs shown={sidePanel} onShow={showSide} />

      <div className="conversation__body">
        <div className="conversation__main">
          {!info && events.length === 0 ? (
            <div className="conversation__loading">
              <LoaderCircle size={18} className="spin" aria-label="Loading the conversation" />
            </div>
          ) : (
            <ReplyModelContext.Provider value={replyModel}>
              <Transcript rows={rows} callbacks={callbacks} hasOlder={hasOlder} loadOlder={loadOlder} />
            </ReplyModelContext.Provider>
          )}

          <div className="conversation__dock">
            <WorkspaceHooksNotice conversationId={conversationId} />
            <ConversationBanner
              status={status}
              error={conversationError}
              onResume={() => commands.run.mutate()}
            />
            {pausedByBudget ? (
              <BudgetPauseCard
                key={pausedByBudget.id}
                conversationId={conversationId}
                event={pausedByBudget}
                onInfo={(fresh) => store.getState().receiveInfo(fresh)}
              />
            ) : null}
            {commands.fork.isError && !branching ? (
              <div className="notice notice--error" role="alert">
                <CircleExclamationPoint size={16} aria-hidden />
                <span>Could not branch: {commands.fork.error.message}</span>
              </div>
            ) : null}
            {pending.length > 0 && !dialogOpen ? (
              <button
                type="button"
                className="review-pending"
                onClick={approval.review}
                data-testid="review-pending"
              >
                <ShieldExclamationPoint size={15} aria-hidden />
                {pending.length === 1 ? '1 action is' : `${pending.length} actions are`} waiting for your
                approval
                <span className="review-pending__cta">Review</span>
              </button>
            ) : null}
            <div className="conversation__bar">
              <StatusLine
                conversationId={conversationId}
                model={info?.llm.model}
                events={branchEvents}
                status={status}
                queue={info?.run_queue ?? null}
                connection={connection}
                stats={info?.stats}
              />
              <RunControls
                status={status}
                queued={Boolean(info?.run_queue)}
                finishing={finishing}
                commands={commands}
                conversationId={conversationId}
                events={branchEvents}
              />
            </div>
            <Composer
              conversationId={conversationId}
              sending={commands.send.isPending}
              onSend={(message) => commands.send.mutate(message)}
              workingDir={info?.workspace.working_dir}
              onBranch={branchEvents.length > 0 ? () => void branch(branchEvents.at(-1)?.id) : undefined}
              placeholder={
                status === 'running' ? 'Add a message for the agent…' : 'Reply or give the next task…'
              }
            />
          </div>
        </div>
        {sidePanel === 'changes' ? (
          <aside className="conversation__side">
            <ChangesPanel
              conversationId={conversationId}
              events={events}
              running={working}
              onRestore={setRestoreTarget}
            />
          </aside>
        ) : null}
        {sidePanel === 'terminal' ? (
          <aside className="conversation__side conversation__side--wide">
            <Suspense
              fallback={<LoaderCircle size={18} className="spin" aria-label="Loading the terminal" />}
            >
              <TerminalPanel conversationId={conversationId} />
            </Suspense>
          </aside>
        ) : null}
        {sidePanel === 'preview' ? (
          <aside className="conversation__side conversation__side--wide">
            <PreviewPanel conversationId={conversationId} />
          </aside>
        ) : null}
      </div>

      {restoreTarget ? (
        <RestoreDialog
          conversationId={conversationId}
          target={restoreTarget}
          running={working}
          onClose={() => setRestoreTarget(null)}
        />
      ) : null}
      {branching ? (
        <BranchFilesDialog
          title={branching.draft === undefined ? 'Branch from here' : 'Edit and resend'}
          busy={commands.fork.isPending}
          error={commands.fork.error?.message}
          onClose={() => setBranching(null)}
          onChoose={(files) =>
            void openFork(branching.fromEventId, branching.draft, files)
              .then(() => setBranching(null))
              .catch(() => undefined)
          }
        />
      ) : null}

      {dialogOpen ? (
        <ApprovalDialog
          key={approval.pendingKey}
          actions={pending}
          busy={commands.respond.isPending}
          error={commands.respond.error?.message}
          suggestions={approval.suggestions}
          decisions={approval.decisions}
          onRespond={approval.respond}
          onDismiss={approval.decideLater}
        />
      ) : null}
    </div>
  );
}
