import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDocument, type SettingsDocument } from './merge-settings-diff';
import { SettingsError } from '../data-files/settings-error';
import { withoutSecrets } from './upstream-settings-store';
import { writeFileAtomic } from '../data-files/write-file-atomic';

/** Upstream's cap (agent_profiles_router.MAX_AGENT_PROFILES). */
export const MAX_AGENT_PROFILES = 50;

/** A stored agent profile: the front end's document with the server's `id`, `name` and `revision`. */
export type AgentProfile = SettingsDocument & { id: string; name: string; revision: number };

export type AgentProfileRename = 'renamed' | 'not_found' | 'name_taken';

/**
 * Upstream's agent profiles (`/api/agent-profiles`): launch specs a front end saves and reads back,
 * and its active pointer. Stored as given, without any field named like a secret (upstream keeps them
 * secret-free at rest too), in `<data-dir>/agent-profiles.json` (0600, atomic). Only `llm_profile_ref`
 * changes what the runtime does (a conversation created with `agent_profile_id` runs that LLM
 * profile's model); the rest is kept and answered. Writes throw SettingsError `settings_io`.
 */
export interface AgentProfileStore {
  list(): AgentProfile[];
  get(name: string): AgentProfile | undefined;
  byId(id: string): AgentProfile | undefined;
  activeId(): string | null;
  /** Overwriting keeps the namesake's id and bumps its revision; a new name gets a fresh id. False past the cap. */
  save(name: string, document: SettingsDocument): boolean;
  /** Idempotent; deleting the active profile clears the pointer, as upstream. */
  delete(name: string): void;
  rename(from: string, to: string): AgentProfileRename;
  /** False for an unknown id. */
  activate(id: string): boolean;
  /** The names of the profiles whose `llm_profile_ref` names this LLM profile. */
  referrersOf(llmProfile: string): string[];
  renameLLMReference(from: string, to: string): void;
}

interface Stored {
  active: string | null;
  profiles: AgentProfile[];
}

export function createAgentProfileStore(dataDir: string): AgentProfileStore {
  const path = join(dataDir, 'agent-profiles.json');
  let state = readStored(path);
  const commit = (next: Stored) => {
    const document = { active_agent_profile_id: next.active, profiles: next.profiles };
    try {
      writeFileAtomic(path, `${JSON.stringify(document, null, 2)}\n`, 0o600);
    } catch (error) {
      throw new SettingsError('settings_io', `cannot write ${path}: ${String(error)}`);
    }
    state = next;
  };
  const find = (name: string) => state.profiles.find((profile) => profile.name === name);
  return {
    list: () => structuredClone(state.profiles),
    get: (name) => structuredClone(find(name)),
    byId: (id) => structuredClone(state.profiles.find((profile) => profile.id === id)),
    activeId: () => state.active,
    save(name, document) {
      const existing = find(name);
      if (!existing && state.profiles.length >= MAX_AGENT_PROFILES) return false;
      // The id is the server's (the active pointer is keyed on it): whatever the body says is ignored.
      const profile: AgentProfile = {
        ...withoutSecrets(document),
        id: existing?.id ?? randomUUID(),
        name,
        revision: (existing?.revision ?? 0) + 1,
      };
      const profiles = existing
        ? state.profiles.map((entry) => (entry.name === name ? profile : entry))
        : [...state.profiles, profile];
      commit({ ...state, profiles });
      return true;
    },
    delete(name) {
      const existing = find(name);
      if (!existing) return;
      commit({
        active: state.active === existing.id ? null : state.active,
        profiles: state.profiles.filter((profile) => profile.name !== name),
      });
    },
    rename(from, to) {
      if (!find(from)) return 'not_found';
      if (from === to) return 'renamed';
      if (find(to)) return 'name_taken';
      commit({
        ...state,
        profiles: state.profiles.map((profile) =>
          profile.name === from ? { ...profile, name: to } : profile,
        ),
      });
      return 'renamed';
    },
    activate(id) {
      if (!state.profiles.some((profile) => profile.id === id)) return false;
      commit({ ...state, active: id });
      return true;
    },
    referrersOf: (llmProfile) =>
      state.profiles
        .filter((profile) => profile.llm_profile_ref === llmProfile)
        .map((profile) => profile.name),
    renameLLMReference(from, to) {
      if (!state.profiles.some((profile) => profile.llm_profile_ref === from)) return;
      commit({
        ...state,
        profiles: state.profiles.map((profile) =>
          profile.llm_profile_ref === from ? { ...profile, llm_profile_ref: to } : profile,
        ),
      });
    },
  };
}

function readStored(path: string): Stored {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // Absent (nothing saved yet) or unreadable: no profiles, as upstream with an empty store.
    return { active: null, profiles: [] };
  }
  if (!isDocument(parsed) || !Array.isArray(parsed.profiles)) return { active: null, profiles: [] };
  const profiles = parsed.profiles.filter(
    (profile): profile is AgentProfile =>
      isDocument(profile) &&
      typeof profile.id === 'string' &&
      typeof profile.name === 'string' &&
      typeof profile.revision === 'number',
  );
  const active = typeof parsed.active_agent_profile_id === 'string' ? parsed.active_agent_profile_id : null;
  return { active, profiles };
}
