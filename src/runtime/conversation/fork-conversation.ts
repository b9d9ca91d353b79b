import { storedSandbox } from '../sandbox/sandbox-kind';
import type { ConversationInfo, Event } from '../events';
import { type ConversationRecord, StoreError } from '../store/event-store';
import { type BranchFolder, createBranchFolder, removeBranchFolder } from './branch-folder';
import { forkTitle } from './conversation-title';
import { checkpointAtForkPoint, hasCheckpoints } from './fork-point-checkpoint';
import { forkStateUpdates } from './fork-state-updates';
import { mapStoreErrors } from './map-store-errors';
import type { Fork } from './requests';
import { RuntimeError } from '../errors/runtime-error';
import type { ServiceContext } from './service-context';

/**
 * Forks a conversation (see ConversationService.fork): its events up to the fork point, its
 * resources (ConversationResources.fork) and, with `files: copy`, a branch folder of its own. A
 * failure leaves nothing of the fork behind.
 */
export async function forkConversation(
  context: ServiceContext,
  id: string,
  request: Fork,
): Promise<ConversationInfo> {
  const { store, registry, checkpoints, deps, logger } = context;
  const source = await context.requireRecord(id);
  // What the source's run asked to record is in the store before it is copied.
  await registry.loaded(id)?.log.settled();
  const forkId = request.id ?? context.newId();
  if (await store.getConversation(forkId)) throw new StoreError('conversation_exists', 'taken');
  const forkPoint = request.from_event_id ?? source.leaf_event_id;
  if (request.from_event_id && !(await store.getEvent(id, request.from_event_id)))
    throw new RuntimeError('event_not_found');
  const events = await store.readEvents(id);
  const files = request.files ?? (checkpoints.enabled && hasCheckpoints(events) ? 'copy' : 'shared');
  const branch =
    files === 'copy' ? await makeBranchFolder(context, source, forkId, events, forkPoint) : undefined;
  let forked: ConversationRecord | undefined;
  try {
    forked = await mapStoreErrors(() =>
      store.fork(id, {
        id: forkId,
        ...(request.from_event_id ? { fromEventId: request.from_event_id } : {}),
        title: request.title ?? forkTitle(source.title),
        created_at: context.now(),
        resetStats: request.reset_metrics,
        ...(branch ? { branch: { workspaceDir: branch.workspaceDir, folder: branch.folder } } : {}),
      }),
    );
    const stateUpdates = forkStateUpdates(await store.readEvents(forkId), forked, {
      newId: context.newId,
      now: context.now,
    });
    if (stateUpdates.length > 0) {
      await store.appendMany(forkId, stateUpdates);
      forked = await context.requireRecord(forkId);
    }
    await registry.resourcesOf(id).fork(registry.resourcesOf(forkId), { checkpoints: true });
  } catch (error) {
    if (branch && deps.workspaceConfinement)
      await removeBranchFolder(
        deps.workspaceConfinement(storedSandbox(source.sandbox)),
        branch.folder,
        logger,
      ).catch(() => undefined);
    // What was copied to it goes with its rows.
    if (forked)
      await registry.remove(forkId, async () => {
        await store.deleteConversation(forkId);
      });
    throw error;
  }
  const record =
    request.title || request.tags
      ? await store.updateConversation(
          forkId,
          {
            ...(request.title ? { title_source: 'user' as const } : {}),
            ...(request.tags ? { tags: request.tags } : {}),
          },
          { touch: false },
        )
      : forked;
  return context.info(record);
}

/** The fork's own folder with the files as they were at the fork point. */
async function makeBranchFolder(
  context: ServiceContext,
  source: ConversationRecord,
  forkId: string,
  events: readonly Event[],
  forkPoint: string | null,
): Promise<BranchFolder> {
  const { deps, logger } = context;
  const sourceStore = context.checkpoints.of(source.id, source.workspace_dir, storedSandbox(source.sandbox));
  if (!sourceStore || !deps.workspaceConfinement) throw new RuntimeError('checkpoints_unavailable');
  try {
    const checkpoint = checkpointAtForkPoint(events, forkPoint) ?? (await sourceStore.snapshot()).id;
    return await createBranchFolder({
      confinement: deps.workspaceConfinement(storedSandbox(source.sandbox)),
      sourceWorkspace: source.workspace_dir,
      forkId,
      materialize: (target) => sourceStore.materialize(checkpoint, target),
    });
  } catch (error) {
    logger.error(`branch folder for ${forkId} not made`, { conversation_id: source.id, error });
    throw new RuntimeError(
      'branch_folder_failed',
      `The branch folder could not be made: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
