import { type BashCommands, createBashCommands } from '../../runtime/workspace/bash-commands';
import { type BashEventLog, createBashEventLog } from '../../runtime/workspace/bash-event-log';
import type { ServerContext } from '../http/server-context';
import { workspaceConfinementOf } from './workspace-confinement-of';

/** One server's workspace commands: the bash event log and the commands that write to it. */
export interface WorkspaceCommands {
  log: BashEventLog;
  commands: BashCommands;
}

const commandsByContext = new WeakMap<ServerContext, WorkspaceCommands>();

/**
 * The bash events and running commands of one server, shared by the bash routes and the bash-events
 * socket. Made on first use, each command confined by the rules of the moment and its output masked
 * with the server's secrets; the same object for as long as the context lives.
 */
export function workspaceCommandsOf(context: ServerContext): WorkspaceCommands {
  const existing = commandsByContext.get(context);
  if (existing) return existing;
  const log = createBashEventLog();
  const commands = createBashCommands({
    log,
    confinement: () => workspaceConfinementOf(context),
    defaultCwd: context.defaultWorkspace,
    redact: (text) => context.secrets?.redact(text) ?? text,
  });
  const made = { log, commands };
  commandsByContext.set(context, made);
  return made;
}

/** Kills the server's running workspace commands, if any were made; for the app's onClose. */
export async function closeWorkspaceCommands(context: ServerContext): Promise<void> {
  await commandsByContext.get(context)?.commands.close();
}
