import type { SandboxChoice } from '../sandbox/sandbox-choice';
import type { ConversationSandbox } from '../sandbox/sandbox-kind';
import type { CreateConversation } from './requests';

/**
 * The sandbox a new conversation gets, in this order: upstream's `workspace.kind` (a DockerWorkspace
 * runs in a container), our `sandbox` field, the runtime's default (`--sandbox`, the settings). The
 * image: the one asked for, else the runtime's. A runtime whose sandbox is turned off still stores
 * bubblewrap for its conversations, so they are confined again once it is back on.
 */
export function requestedSandbox(
  request: CreateConversation,
  runtimeDefault: SandboxChoice,
): ConversationSandbox {
  const docker: ConversationSandbox = {
    kind: 'docker',
    image: request.sandbox?.image ?? runtimeDefault.image,
  };
  if (request.workspace?.kind === 'DockerWorkspace') return docker;
  if (request.sandbox !== undefined)
    return request.sandbox.kind === 'docker' ? docker : { kind: 'bubblewrap' };
  return runtimeDefault.kind === 'docker' ? docker : { kind: 'bubblewrap' };
}
