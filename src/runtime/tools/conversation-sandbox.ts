import type { SandboxPreview } from '../network/sandbox-preview';
import type { PersonTerminal } from './person-terminal/person-terminal';

/**
 * What a person reaches of a conversation's sandbox besides the agent's tools. Owned by the toolset:
 * it ends when the toolset closes (the conversation is dropped, deleted or its tools restarted).
 */
export interface ConversationSandbox {
  /** The person's terminal, made on first use; the same object until the toolset closes. */
  personTerminal(): PersonTerminal;
  /**
   * The host pid of a process inside the agent's sandbox's network namespace (for its ports), with
   * `start` starting the agent's shell when none runs. A string says why there is none; undefined:
   * no sandbox runs now (or it runs unconfined). Never throws.
   */
  networkMember(start: boolean): Promise<number | string | undefined>;
  /**
   * Why the sandbox stopped answering after it worked (a Docker daemon gone mid-run), so the run
   * pauses with that reason instead of stepping on; undefined while it works. Absent: it cannot go away.
   */
  lost?(): string | undefined;
  /** The sandbox's listening ports and the way into them; absent: no preview (tests, no network module). */
  readonly preview?: SandboxPreview;
}
