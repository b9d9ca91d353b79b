import type { SandboxSettings } from './sandbox-settings';
import { sandboxWanted } from './sandbox-wanted';
import { DEFAULT_SANDBOX_IMAGE, type SandboxKind } from './sandbox-kind';

export interface SandboxChoice {
  kind: SandboxKind;
  /** The image of docker sandboxes (also named when the kind is another one, for messages). */
  image: string;
}

/**
 * Which sandbox this runtime's conversations use: `none` only when turned off on purpose
 * (AGENT_WORKBENCH_SANDBOX=0, which `--sandbox none` sets); else the launcher's choice
 * (AGENT_WORKBENCH_SANDBOX_BACKEND, from `--sandbox`), else the settings' `backend`. The image:
 * AGENT_WORKBENCH_SANDBOX_IMAGE (`--sandbox-image`), the settings' `image`, DEFAULT_SANDBOX_IMAGE.
 * A backend that cannot run is never replaced by another here: its commands are refused with why.
 */
export function sandboxChoice(env: NodeJS.ProcessEnv, settings: SandboxSettings): SandboxChoice {
  const image = env.AGENT_WORKBENCH_SANDBOX_IMAGE?.trim() || settings.image || DEFAULT_SANDBOX_IMAGE;
  if (!sandboxWanted(undefined, env)) return { kind: 'none', image };
  const launcher = env.AGENT_WORKBENCH_SANDBOX_BACKEND?.trim();
  if (launcher === 'docker' || launcher === 'bubblewrap') return { kind: launcher, image };
  return { kind: settings.backend, image };
}
