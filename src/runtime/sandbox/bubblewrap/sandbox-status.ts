import { findExecutable } from '../find-executable';
import { sandboxWanted } from '../sandbox-wanted';

/**
 * Whether the agent's terminal can run commands, for the server to show as a banner:
 * sandboxed: bubblewrap is installed; commands run confined.
 * missing: the sandbox is wanted but bubblewrap is not found; commands are refused (`detail` says
 * how to install it).
 * disabled: turned off on purpose (`sandbox: false` or AGENT_WORKBENCH_SANDBOX=0); commands run
 * unconfined, with full access to the user's files, network and processes.
 * Pure apart from a PATH lookup; bwrap failing at start is only found when a terminal starts.
 */
export type SandboxStatus =
  | { kind: 'sandboxed' }
  | { kind: 'missing'; detail: string }
  | { kind: 'disabled' };

export interface SandboxStatusOptions {
  sandbox?: boolean;
  /** Where bwrap is; default: looked up on env.PATH. */
  locateBwrap?: (env: NodeJS.ProcessEnv) => string | undefined;
}

export const BWRAP_INSTALL_HINT =
  'Install bubblewrap (Debian/Ubuntu: `sudo apt-get install bubblewrap`, Fedora: `sudo dnf install bubblewrap`, Arch: `sudo pacman -S bubblewrap`) and restart Agent Workbench, or set AGENT_WORKBENCH_SANDBOX=0 to run commands without a sandbox at your own risk.';

export function sandboxStatus(env: NodeJS.ProcessEnv, options: SandboxStatusOptions = {}): SandboxStatus {
  if (!sandboxWanted(options.sandbox, env)) return { kind: 'disabled' };
  const locate = options.locateBwrap ?? locateBwrapOnPath;
  if (locate(env) === undefined) {
    return {
      kind: 'missing',
      detail: `bubblewrap (bwrap) is not installed, so commands are disabled. ${BWRAP_INSTALL_HINT}`,
    };
  }
  return { kind: 'sandboxed' };
}

export function locateBwrapOnPath(env: NodeJS.ProcessEnv): string | undefined {
  return findExecutable('bwrap', env.PATH);
}
