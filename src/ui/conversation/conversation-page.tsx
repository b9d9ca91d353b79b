import { LoaderCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import type { ConversationInfo, MessageEvent } from '../api/wire-types';
import { BranchFilesDialog } from '../changes/branch-files-dialog';
import { checkpointSteps, describeRestore } from '../changes/checkpoint-steps';
import { RestoreDialog, type RestoreTarget } from '../changes/restore-dialog';
import { useCheckpoints } from '../changes/use-checkpoint-api';
import { useLiveChangesRefresh } from '../changes/use-live-changes-refresh';
import { hasOlderEvents } from '../conversation-store/conversation-view-state';
import { transcriptRows } from '../conversation-store/transcript-rows';
import { ApprovalDialog } from './approval-dialog';
import { contentText } from './content-text';
import { ConversationDock } from './conversation-dock';
import { ConversationHeader } from './conversation-header';
import { ConversationLoadError } from './conversation-load-error';
import { ConversationSidePanel } from './conversation-side-panel';
import { ReplyModelContext, replyModelReader } from './model-picker-reply-model';
import { SidePanelTabs } from './side-panel-switches';
import { Transcript } from './transcript';
import type { RowCallbacks } from './transcript-row-view';
import { useBranching } from './use-branching';
import { useConversationCommands } from './use-conversation-commands';
import { useConversation, useConversationSession } from './use-conversation-session';
import { useEscapeToStop } from './use-escape-to-stop';
import { useMarkSeenWhileOpen } from './use-mark-seen-while-open';
import { usePendingApproval } from './use-pending-approval';
import { useRunQueueRefresh } from './use-run-queue-refresh';
import { useShellStatusSync } from './use-shell-status-sync';
import { useSidePanel } from './use-side-panel';
import './conversation-page.css';

/** One conversation, live: transcript, status and controls, composer, approval dialog. */
export function ConversationPage({ conversationId }: { conversationId: string }) {
  const { client } = useApi();
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
  const status = info?.execution_status;
  useMarkSeenWhileOpen(conversationId, info?.last_seq);
  useShellStatusSync(connection, status);

  const rows = useMemo(
    () => transcriptRows({ events: branchEvents, branchPoints, streaming, optimistic, status }),
    [branchEvents, branchPoints, streaming, optimistic, status],
  );
  // Paused, with the step that was in flight still running to its end (see finishingAfterPause).
  const finishing =
    status === 'paused' &&
    rows.some((row) => (row.type === 'action' && row.phase === 'running') || row.type === 'streaming');
  // Each agent reply's model, from the `llm` changes in the log (see replyModelReader).
  const currentModel = info?.llm.model;
  const replyModel = useMemo(() => replyModelReader(events, currentModel), [events, currentModel]);

  useLiveChangesRefresh(conversationId, events);
  const checkpoints = useCheckpoints(conversationId);
  const steps = useMemo(() => checkpointSteps(checkpoints.data ?? [], events), [checkpoints.data, events]);
  const { sidePanel, showSide } = useSidePanel();
  const [restoreTarget, setRestoreTarget] = useState<RestoreTarget | null>(null);
  const working = // paused with the last step finishing counts: the runtime refuses a restore then
    status === 'running' ||
    status === 'waiting_for_confirmation' ||
    (status === 'paused' && rows.some((row) => row.type === 'action' && row.phase === 'running'));
  // Esc stops whenever Stop is offered (RunControls), unless a dialog, menu or text has the key.
  useEscapeToStop(status === 'running' || status === 'waiting_for_confirmation' || finishing, () => {
    if (!commands.interrupt.isPending) commands.interrupt.mutate();
  });
  const restoreBlocked = working ? 'Files cannot be restored while the agent is working' : null;

  const branching = useBranching(conversationId, events, commands);
  const { branch } = branching;
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
  const receiveInfo = (fresh: ConversationInfo) => store.getState().receiveInfo(fresh);
  const refreshInfo = () =>
    void unwrap(client.GET('/api/conversations/{id}', { params: { path: { id: conversationId } } })).then(
      receiveInfo,
    );
  const approval = usePendingApproval(branchEvents, status, commands, refreshInfo);
  useRunQueueRefresh(info, events.at(-1)?.seq, refreshInfo);

  if (loadError) return <ConversationLoadError error={loadError} />;
  return (
    <div className={`conversation ${sidePanel ? 'conversation--side-open' : ''}`}>
      <ConversationHeader
        conversationId={conversationId}
        info={info}
        commands={commands}
        sidePanel={sidePanel}
        onShowSide={showSide}
        onInfo={receiveInfo}
        refreshInfo={refreshInfo}
      />
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
          <ConversationDock
            conversationId={conversationId}
            info={info}
            branchEvents={branchEvents}
            connection={connection}
            finishing={finishing}
            commands={commands}
            approval={approval}
            forkErrorShown={!branching.pending}
            onBranch={(fromEventId) => void branch(fromEventId)}
            onInfo={receiveInfo}
          />
        </div>
        <ConversationSidePanel
          panel={sidePanel}
          conversationId={conversationId}
          events={events}
          running={working}
          onRestore={setRestoreTarget}
        />
      </div>
      {restoreTarget ? (
        <RestoreDialog
          conversationId={conversationId}
          target={restoreTarget}
          running={working}
          onClose={() => setRestoreTarget(null)}
        />
      ) : null}
      {branching.pending ? (
        <BranchFilesDialog
          title={branching.pending.draft === undefined ? 'Branch from here' : 'Edit and resend'}
          busy={commands.fork.isPending}
          error={commands.fork.error?.message}
          onClose={branching.cancel}
          onChoose={branching.chooseFiles}
        />
      ) : null}
      {approval.dialogOpen ? (
        <ApprovalDialog
          key={approval.pendingKey}
          actions={approval.pending}
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
