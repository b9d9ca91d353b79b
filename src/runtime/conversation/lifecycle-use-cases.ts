import { storedSandbox } from '../sandbox/sandbox-kind';
import { NO_BUDGETS } from '../events';
import { completeApprovalRules } from '../security/complete-approval-rules';
import { isConversationWorktree, removeBranchFolder } from './branch-folder';
import type { ConversationService } from './conversation-service';
import { conversationWorktrees } from './conversation-worktrees';
import { createConversationRecord } from './create-conversation';
import { forkConversation } from './fork-conversation';
import { mapStoreErrors } from './map-store-errors';
import { othersWorkingIn } from './others-working-in';
import { refuseHiddenMCPPaths } from './refuse-hidden-mcp-paths';
import { secretValues } from './requests';
import { RuntimeError } from '../errors/runtime-error';
import type { ServiceContext } from './service-context';
import { subAgentsOf } from './sub-agents-of';

type LifecycleUseCases = Pick<ConversationService, 'create' | 'update' | 'delete' | 'fork' | 'navigate'>;

/** A conversation comes, changes, forks, moves on its tree and goes. */
export function createLifecycleUseCases(context: ServiceContext): LifecycleUseCases {
  const { deps, store, registry, secrets, mcpConfigs, logger, newId, now } = context;
  const useCases: LifecycleUseCases = {
    async create(request, agent = {}) {
      await context.recovered;
      const id = request.conversation_id ?? newId();
      // Before anything is made: a server that would show the data dir or credentials is refused at once.
      refuseHiddenMCPPaths(request.mcp_config, deps.workspaceConfinement);
      const { record, created } = await createConversationRecord(store, request, agent, {
        id,
        createdAt: now(),
        defaultWorkspace: deps.defaultWorkspace,
        settings: deps.settings(),
        dataDir: deps.dataDir,
        ...(deps.workspaceConfinement
          ? { worktree: conversationWorktrees(deps.workspaceConfinement, id, logger) }
          : {}),
      });
      if (!created) return { info: await context.info(record), created: false };
      // Ours (`llm.api_key`) or upstream's (`agent.llm.api_key`, mapped by the edge): in memory only.
      const apiKey = request.llm?.api_key;
      if (apiKey) {
        registry.resourcesOf(id).apiKey = apiKey;
        // A name no command can spell as `$NAME`: the model's key is masked, never handed to the terminal.
        secrets.setConversationSecrets(id, { 'llm-api-key': apiKey });
      }
      // Before the first message, so a secret in it is already masked when it is stored.
      if (request.secrets) secrets.setConversationSecrets(id, secretValues(request.secrets));
      if (request.mcp_config) await mcpConfigs.set(id, request.mcp_config);
      const live = await registry.acquire(id);
      try {
        await registry.prepareSystemPrompt(id).catch((error: unknown) => {
          // The run prepares it again and reports a failure there, where the person sees it.
          logger.warn('system prompt not prepared at creation', { conversation_id: id, error });
        });
        if (request.initial_message) await live.sendMessage(request.initial_message);
      } finally {
        registry.release(id);
      }
      return { info: await context.info(await context.requireRecord(id)), created: true };
    },
    async update(id, patch) {
      const record = await context.requireRecord(id);
      if (patch.network_access !== undefined && patch.network_access !== record.network_access) {
        const networkAccess = patch.network_access;
        // A durable state event, so the log says when commands could reach the network, and who looks sees it.
        await registry.with(id, (live) =>
          live.log.setState('network_access', networkAccess, { network_access: networkAccess }),
        );
      }
      if (patch.approval_rules !== undefined) {
        const rules = completeApprovalRules(patch.approval_rules, newId, now);
        // Durable, so the log says which rules decided the approvals that follow.
        await registry.with(id, (live) =>
          live.log.setState('approval_rules', rules, { approval_rules: rules }),
        );
      }
      if (patch.budgets !== undefined) {
        const budgets = { ...(record.budgets ?? NO_BUDGETS), ...patch.budgets };
        // Durable, so the log says which limit a later budget pause measured against.
        await registry.with(id, (live) => live.log.setState('budgets', budgets, { budgets }));
      }
      // Pinning and tagging are filing, not activity: they must not move a conversation up the
      // "recent activity" list. A rename is something the person did to it, so it counts.
      await store.updateConversation(
        id,
        {
          ...(patch.title !== undefined ? { title: patch.title, title_source: 'user' as const } : {}),
          ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
          ...(patch.pinned !== undefined ? { pinned: patch.pinned } : {}),
        },
        { touch: patch.title !== undefined },
      );
      await registry.loaded(id)?.log.refresh();
    },
    async delete(id, options = {}) {
      const record = await context.requireRecord(id);
      // A worktree made for the conversation at its creation goes with it (its commits stay on its branch).
      const owned = record.branch_folder !== undefined && isConversationWorktree(record.branch_folder);
      const branchFolder =
        (options.deleteFiles || owned) && deps.workspaceConfinement ? record.branch_folder : undefined;
      // Its run first (a task call would go on to its next step once its child is gone), then its
      // sub-agents, each with theirs: they work in its folder, so they go before the folder is checked.
      const live = registry.loaded(id);
      if (live?.isRunning()) await live.interrupt();
      for (const child of await subAgentsOf(store, id)) await useCases.delete(child.id);
      if (branchFolder !== undefined && (await othersWorkingIn(store, id, branchFolder))) {
        throw new RuntimeError('branch_folder_in_use');
      }
      context.runQueue.cancel(id);
      // Its object releases the rest (key, secrets, MCP config, files, checkpoints) once the rows are gone.
      await registry.remove(id, async () => {
        // Before the rows: a folder that cannot be deleted safely keeps its conversation, to try again.
        if (branchFolder !== undefined && deps.workspaceConfinement) {
          await removeBranchFolder(
            deps.workspaceConfinement(storedSandbox(record.sandbox)),
            branchFolder,
            logger,
          );
        }
        await store.deleteConversation(id);
      });
    },
    fork: (id, request) => forkConversation(context, id, request),
    navigate(id, eventId) {
      return registry.with(id, async (live) => {
        if (live.isRunning()) throw new RuntimeError('conversation_already_running');
        await live.log.settled();
        await mapStoreErrors(() => store.setLeaf(id, eventId));
        await live.log.reload();
        await live.log.transition({ kind: 'navigated' });
        return context.info(live.log.record());
      });
    },
  };
  return useCases;
}
