import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { DEFAULT_ALLOWLIST } from './default-allowlist';

/** An allowlist entry: a host name, `*.suffix` (subdomains) or `.suffix` (the name and its subdomains). */
const HostEntrySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.|\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/, {
    message: 'must be a host name, *.domain or .domain',
  })
  .max(253);

const DenyPathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((path) => isAbsolute(path) || path.startsWith('~/'), {
    message: 'must be absolute or start with ~/',
  });

/** A sandbox image reference as Docker names one (`name[:tag]`, `name@sha256:…`). */
const ImageSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[a-z0-9][a-z0-9._/:@-]*$/i, {
    message: 'must be an image name such as agent-workbench-sandbox:1',
  });

/**
 * What confines the agent's commands, as settings.json keeps it. Turning the sandbox off is not a
 * setting here: it is always on unless AGENT_WORKBENCH_SANDBOX=0 or `--sandbox none` (an explicit,
 * visible opt-out); `backend` only chooses which sandbox (the launcher's --sandbox wins over it).
 */
export const SandboxSettingsSchema = z.object({
  /** bubblewrap (the default) or docker: one container per conversation (sandbox/docker/). */
  backend: z.enum(['bubblewrap', 'docker']).default('bubblewrap'),
  /** The image of docker sandboxes; the launcher's --sandbox-image wins over it. */
  image: ImageSchema.optional(),
  /** CPUs a docker sandbox may use (bubblewrap has no CPU limit); absent: no limit. */
  max_cpus: z.number().min(0.1).max(1024).optional(),
  /** Hosts a conversation with its network switch on may reach through the egress proxy. */
  network_allowlist: z
    .array(HostEntrySchema)
    .max(500)
    .default([...DEFAULT_ALLOWLIST]),
  /** More paths commands must never see, besides the data dir and the built-in credential folders. */
  deny_paths: z.array(DenyPathSchema).max(200).default([]),
  max_processes: z.number().int().min(16).max(100_000).default(512),
  max_memory_mb: z.number().int().min(64).max(1_048_576).default(2048),
});

export type SandboxSettings = z.infer<typeof SandboxSettingsSchema>;

export const SandboxSettingsPatchSchema = z.strictObject({
  backend: z.enum(['bubblewrap', 'docker']).optional(),
  image: ImageSchema.optional(),
  max_cpus: z.number().min(0.1).max(1024).optional(),
  network_allowlist: z.array(HostEntrySchema).max(500).optional(),
  deny_paths: z.array(DenyPathSchema).max(200).optional(),
  max_processes: z.number().int().min(16).max(100_000).optional(),
  max_memory_mb: z.number().int().min(64).max(1_048_576).optional(),
});

export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = SandboxSettingsSchema.parse({});

/** `~/x` → `<home>/x`; other paths unchanged. */
export function expandHome(path: string, home: string): string {
  return path.startsWith('~/') ? `${home}/${path.slice(2)}` : path;
}
