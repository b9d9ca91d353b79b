import { sandboxWanted } from './sandbox-wanted';
import type { ConversationSandbox, SandboxKind } from './sandbox-kind';

/**
 * Where a conversation's commands run now: a docker one in its container whatever the runtime's
 * default (never a fallback to less); a bubblewrap one (or one stored before the sandbox was) in
 * bubblewrap, or unconfined while the runtime's sandbox is turned off on purpose
 * (AGENT_WORKBENCH_SANDBOX=0).
 */
export function conversationSandboxKind(
  sandbox: ConversationSandbox | undefined,
  env: NodeJS.ProcessEnv = process.env,
): SandboxKind {
  if (sandbox?.kind === 'docker') return 'docker';
  return sandboxWanted(undefined, env) ? 'bubblewrap' : 'none';
}
