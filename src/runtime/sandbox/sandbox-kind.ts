/** Which sandbox runs a conversation's commands. `none` only when turned off on purpose. */
export const SANDBOX_KINDS = ['bubblewrap', 'docker', 'none'] as const;

export type SandboxKind = (typeof SANDBOX_KINDS)[number];

/** The image `npm run sandbox-image` builds on this machine (Debian bookworm with the usual toolchain). */
export const DEFAULT_SANDBOX_IMAGE = 'agent-workbench-sandbox:1';

export function isSandboxKind(value: string): value is SandboxKind {
  return (SANDBOX_KINDS as readonly string[]).includes(value);
}

/**
 * A conversation's sandbox, fixed when it is made: bubblewrap on this host, or a container of its own
 * from `image`. `none` is never stored: turning the sandbox off is the runtime's, not a conversation's.
 */
export type ConversationSandbox = { kind: 'bubblewrap' } | { kind: 'docker'; image: string };

/** What an image name may look like (`name[:tag]`, `registry/name@sha256:…`): no spaces, no options. */
export const IMAGE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}$/;

/** A record's sandbox: one stored before the sandbox was ran in bubblewrap, the only backend then. */
export function storedSandbox(sandbox: ConversationSandbox | undefined): ConversationSandbox {
  return sandbox ?? { kind: 'bubblewrap' };
}
