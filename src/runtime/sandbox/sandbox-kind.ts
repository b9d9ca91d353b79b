/** Which sandbox runs a conversation's commands. `none` only when turned off on purpose. */
export const SANDBOX_KINDS = ['bubblewrap', 'docker', 'none'] as const;

export type SandboxKind = (typeof SANDBOX_KINDS)[number];

/** The image `npm run sandbox-image` builds on this machine (Debian bookworm with the usual toolchain). */
export const DEFAULT_SANDBOX_IMAGE = 'agent-workbench-sandbox:1';

export function isSandboxKind(value: string): value is SandboxKind {
  return (SANDBOX_KINDS as readonly string[]).includes(value);
}
