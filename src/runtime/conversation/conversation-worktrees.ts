import type { RuntimeLogger } from '../logging/runtime-logger';
import type { WorkspaceConfinement } from '../sandbox/workspace-confinement';
import { createConversationWorktree, removeBranchFolder } from './branch-folder';
import type { ConversationWorktrees } from './create-conversation';

/** The worktree operations of one conversation's create, on the workspace sandbox's rules now. */
export function conversationWorktrees(
  confinement: () => WorkspaceConfinement,
  conversationId: string,
  logger?: RuntimeLogger,
): ConversationWorktrees {
  return {
    make: (workingFolder) => createConversationWorktree(confinement(), workingFolder, conversationId),
    async remove(folder) {
      await removeBranchFolder(confinement(), folder, logger).catch((error: unknown) =>
        logger?.warn(`the worktree ${folder} of a conversation that was not created is left behind`, {
          error,
        }),
      );
    },
  };
}
