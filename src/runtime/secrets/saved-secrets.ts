import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SettingsError } from '../data-files/settings-error';
import { writeFileAtomic } from '../data-files/write-file-atomic';
import { createSecretSealer } from './secret-sealer';

/** What may be shown of a saved secret: everything but its value. */
export interface SavedSecretInfo {
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The person's named secrets, kept across restarts in `<data-dir>/secrets.json` (0600) with every
 * value sealed under `<data-dir>/secrets.key`, as a conversation's MCP secrets are. Only `values()`
 * ever gives a value back, for the secret registry (masking) and a terminal command that names it.
 * Reads the file again when another runtime sharing the data dir changed it. Writes throw
 * SettingsError `settings_io`; an unreadable file throws `corrupt_settings`.
 */
export interface SavedSecrets {
  /** Sorted by name. */
  list(): SavedSecretInfo[];
  /** Adds or replaces (a value, and the description when given: `null` clears it). */
  put(
    name: string,
    value: string,
    description?: string | null,
  ): { secret: SavedSecretInfo; created: boolean };
  /** Changes the value or the description of a saved secret; undefined when there is none of that name. */
  update(name: string, change: { value?: string; description?: string | null }): SavedSecretInfo | undefined;
  /** False when there was none of that name. */
  remove(name: string): boolean;
  /** Name to value; the caller must not keep, store or show them. A value the key cannot open is left out. */
  values(): Readonly<Record<string, string>>;
}

/** An environment variable's name: a saved secret reaches a command under it. */
export const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Names the shell and the sandbox rely on: a secret exported under one would replace the command's
 * PATH or HOME, the end-of-command marker (PROMPT_COMMAND), the loader (LD_PRELOAD), a startup file
 * (BASH_ENV) or the egress proxy. And `__proto__`, which the file read back would make its object's
 * prototype. Refused however they are spelled in case.
 */
const RESERVED_NAMES = new Set([
  'PATH',
  'HOME',
  'PWD',
  'OLDPWD',
  'SHELL',
  'SHELLOPTS',
  'BASHOPTS',
  'BASH_ENV',
  'ENV',
  'IFS',
  'TERM',
  'PS1',
  'PS2',
  'PS4',
  'PROMPT_COMMAND',
  'HISTFILE',
  'PAGER',
  'GIT_PAGER',
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  '__PROTO__',
]);

/** True for a name the shell or the sandbox relies on: no secret may be saved under it. */
export function isReservedSecretName(name: string): boolean {
  return RESERVED_NAMES.has(name.toUpperCase());
}

const FILE = 'secrets.json';

const SavedSecretSchema = z.object({
  sealed: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
const SavedSecretsFileSchema = z.object({
  version: z.literal(1),
  secrets: z.record(z.string().regex(SECRET_NAME), SavedSecretSchema),
});
type SavedSecretsFile = z.infer<typeof SavedSecretsFileSchema>;

export function createSavedSecrets(dataDir: string, clock: () => Date = () => new Date()): SavedSecrets {
  const path = join(dataDir, FILE);
  const sealer = createSecretSealer(dataDir);
  let cache: { identity: string; file: SavedSecretsFile; values: Record<string, string> } | undefined;

  const current = () => {
    const identity = fileIdentity(path);
    if (cache?.identity !== identity) {
      const file = readSavedFile(path);
      cache = { identity, file, values: openValues(file, sealer.open) };
    }
    return cache;
  };
  const write = (file: SavedSecretsFile) => {
    try {
      writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, 0o600);
    } catch (error) {
      throw new SettingsError('settings_io', `cannot write ${path}: ${String(error)}`);
    }
    cache = undefined;
  };
  const info = (name: string, saved: SavedSecretsFile['secrets'][string]): SavedSecretInfo => ({
    name,
    description: saved.description,
    created_at: saved.created_at,
    updated_at: saved.updated_at,
  });

  return {
    list() {
      const { file } = current();
      return Object.keys(file.secrets)
        .sort()
        .map((name) => info(name, file.secrets[name] as SavedSecretsFile['secrets'][string]));
    },
    put(name, value, description) {
      requireName(name);
      const { file } = current();
      const now = clock().toISOString();
      const before = Object.hasOwn(file.secrets, name) ? file.secrets[name] : undefined;
      const saved = {
        sealed: sealer.seal(value),
        description: description === undefined ? (before?.description ?? null) : description,
        created_at: before?.created_at ?? now,
        updated_at: now,
      };
      write({ version: 1, secrets: { ...file.secrets, [name]: saved } });
      return { secret: info(name, saved), created: before === undefined };
    },
    update(name, change) {
      const { file } = current();
      const before = Object.hasOwn(file.secrets, name) ? file.secrets[name] : undefined;
      if (!before) return undefined;
      const saved = {
        sealed: change.value === undefined ? before.sealed : sealer.seal(change.value),
        description: change.description === undefined ? before.description : change.description,
        created_at: before.created_at,
        updated_at: clock().toISOString(),
      };
      write({ version: 1, secrets: { ...file.secrets, [name]: saved } });
      return info(name, saved);
    },
    remove(name) {
      const { file } = current();
      if (!Object.hasOwn(file.secrets, name)) return false;
      const { [name]: _removed, ...kept } = file.secrets;
      write({ version: 1, secrets: kept });
      return true;
    },
    values: () => current().values,
  };
}

function requireName(name: string): void {
  // The routes validate first; this guards every other caller, since the name becomes an env variable.
  if (!SECRET_NAME.test(name)) throw new Error(`not an environment variable name: ${name}`);
  if (isReservedSecretName(name)) throw new Error(`a name the shell relies on (reserved): ${name}`);
}

/** Changes whenever the file is replaced (the atomic write renames a new inode into place). */
function fileIdentity(path: string): string {
  try {
    // Asked on every redaction: a missing file answers without building an error.
    const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
    return stats ? `${stats.ino}:${stats.mtimeNs}:${stats.size}` : 'absent'; // absent: none saved yet
  } catch {
    return 'unreadable'; // read again (and reported) by the next readSavedFile
  }
}

function readSavedFile(path: string): SavedSecretsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT')
      return { version: 1, secrets: {} };
    throw new SettingsError('settings_io', `cannot read ${path}: ${String(error)}`);
  }
  try {
    return SavedSecretsFileSchema.parse(JSON.parse(text));
  } catch {
    throw new SettingsError('corrupt_settings', `${path} is not a saved-secrets file: fix or remove it`);
  }
}

function openValues(file: SavedSecretsFile, open: (sealed: string) => string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, saved] of Object.entries(file.secrets)) {
    try {
      values[name] = open(saved.sealed);
    } catch {
      // Sealed under another data dir's key (a copied file): unusable, but the rest still work and
      // the person can save it again.
    }
  }
  return values;
}
