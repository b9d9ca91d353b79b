import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDocument, type SettingsDocument } from './merge-settings-diff';
import { SettingsError } from '../data-files/settings-error';
import { writeFileAtomic } from '../data-files/write-file-atomic';

/** Upstream's cap (profiles_router.MAX_PROFILES): a 51st name is refused, an existing one overwritten. */
export const MAX_LLM_PROFILES = 50;

/** One saved LLM profile: upstream's `LLM` object without its key, and the key kept beside it. */
export interface LLMProfile {
  /** The front end's `LLM` object (LiteLLM naming), `api_key` taken out. */
  llm: SettingsDocument;
  apiKey: string | null;
}

export type LLMProfileSave = 'saved' | 'limit_reached';
export type LLMProfileRename = 'renamed' | 'not_found' | 'name_taken';

/**
 * Upstream's named LLM profiles (`/api/profiles`). Every method reads or writes the file at once;
 * writes are atomic with mode 0600, because the keys live here, like the key in settings.json, in
 * the data dir the sandbox never shows. Throws SettingsError `settings_io` when a write fails.
 */
export interface LLMProfileStore {
  list(): { name: string; profile: LLMProfile }[];
  get(name: string): LLMProfile | undefined;
  /** Overwrites a namesake, its key included (the caller decides whether the old key may stay). */
  save(name: string, profile: LLMProfile): LLMProfileSave;
  /** Idempotent, as upstream: deleting an unknown name is no error. */
  delete(name: string): void;
  rename(from: string, to: string): LLMProfileRename;
}

/** `<data-dir>/llm-profiles.json`. */
export function createLLMProfileStore(dataDir: string): LLMProfileStore {
  const path = join(dataDir, 'llm-profiles.json');
  let profiles = readProfiles(path);
  const commit = (next: Map<string, LLMProfile>) => {
    const document = Object.fromEntries(
      [...next].map(([name, profile]) => [name, { llm: profile.llm, api_key: profile.apiKey }]),
    );
    try {
      writeFileAtomic(path, `${JSON.stringify({ profiles: document }, null, 2)}\n`, 0o600);
    } catch (error) {
      throw new SettingsError('settings_io', `cannot write ${path}: ${String(error)}`);
    }
    profiles = next;
  };
  return {
    list: () => [...profiles].map(([name, profile]) => ({ name, profile: structuredClone(profile) })),
    get: (name) => {
      const profile = profiles.get(name);
      return profile && structuredClone(profile);
    },
    save(name, profile) {
      const existing = profiles.get(name);
      if (!existing && profiles.size >= MAX_LLM_PROFILES) return 'limit_reached';
      const next = new Map(profiles);
      next.set(name, { llm: profile.llm, apiKey: profile.apiKey });
      commit(next);
      return 'saved';
    },
    delete(name) {
      if (!profiles.has(name)) return;
      const next = new Map(profiles);
      next.delete(name);
      commit(next);
    },
    rename(from, to) {
      const profile = profiles.get(from);
      if (!profile) return 'not_found';
      if (from === to) return 'renamed';
      if (profiles.has(to)) return 'name_taken';
      // Rebuilt in order so the renamed profile keeps its place in the list.
      commit(new Map([...profiles].map(([name, value]) => [name === from ? to : name, value])));
      return 'renamed';
    },
  };
}

function readProfiles(path: string): Map<string, LLMProfile> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // Absent (nothing saved yet) or unreadable: no profiles, as upstream without a profiles folder.
    return new Map();
  }
  const stored = isDocument(parsed) && isDocument(parsed.profiles) ? parsed.profiles : {};
  const profiles = new Map<string, LLMProfile>();
  for (const [name, value] of Object.entries(stored)) {
    if (!isDocument(value) || !isDocument(value.llm)) continue;
    profiles.set(name, { llm: value.llm, apiKey: typeof value.api_key === 'string' ? value.api_key : null });
  }
  return profiles;
}
