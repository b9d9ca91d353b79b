import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDocument, mergeSettingsDiff, type SettingsDocument } from './merge-settings-diff';
import { SettingsError } from '../data-files/settings-error';
import { writeFileAtomic } from '../data-files/write-file-atomic';

/** Upstream's three settings documents, as PATCH /api/settings `*_settings_diff` builds them. */
export interface UpstreamSettings {
  agent_settings: SettingsDocument;
  conversation_settings: SettingsDocument;
  misc_settings: SettingsDocument;
  /** The LLM profile name the front end last saved the model under (one model is in effect). */
  active_profile: string | null;
}

export interface UpstreamSettingsDiffs {
  agent_settings_diff?: SettingsDocument | undefined;
  conversation_settings_diff?: SettingsDocument | undefined;
  misc_settings_diff?: SettingsDocument | undefined;
}

export interface UpstreamSettingsStore {
  /** The stored documents (never a secret: secrets are taken out before anything is stored). */
  read(): UpstreamSettings;
  /** Merges the diffs and persists (mode 0600, atomic) before returning. Throws SettingsError `settings_io`. */
  merge(diffs: UpstreamSettingsDiffs): UpstreamSettings;
  /** Records the profile name of the model in effect; persisted like merge. */
  nameProfile(name: string | null): void;
}

/**
 * Field names whose values are secrets in upstream's documents (`llm.api_key`, MCP servers' tokens…):
 * never stored here, never answered. The LLM key reaches our settings.json through the route instead.
 */
const SECRET_FIELD = /(^|_)(api_key|secret|secrets|token|password)$/i;

/** `<data-dir>/upstream-settings.json`: the documents an upstream front end saves and reads back. */
export function createUpstreamSettingsStore(dataDir: string): UpstreamSettingsStore {
  const path = join(dataDir, 'upstream-settings.json');
  let current = readDocuments(path);
  return {
    read: () => structuredClone(current),
    merge(diffs) {
      const next: UpstreamSettings = {
        agent_settings: withoutSecrets(
          mergeSettingsDiff(current.agent_settings, diffs.agent_settings_diff ?? {}),
        ),
        conversation_settings: withoutSecrets(
          mergeSettingsDiff(current.conversation_settings, diffs.conversation_settings_diff ?? {}),
        ),
        misc_settings: withoutSecrets(
          mergeSettingsDiff(current.misc_settings, diffs.misc_settings_diff ?? {}),
        ),
        active_profile: current.active_profile,
      };
      write(path, next);
      current = next;
      return structuredClone(next);
    },
    nameProfile(name) {
      const next = { ...current, active_profile: name };
      write(path, next);
      current = next;
    },
  };
}

function write(path: string, documents: UpstreamSettings): void {
  try {
    writeFileAtomic(path, `${JSON.stringify(documents, null, 2)}\n`, 0o600);
  } catch (error) {
    throw new SettingsError('settings_io', `cannot write ${path}: ${String(error)}`);
  }
}

/** The document without any field named like a secret, at any depth. */
export function withoutSecrets(document: SettingsDocument): SettingsDocument {
  const kept: SettingsDocument = {};
  for (const [key, value] of Object.entries(document)) {
    if (SECRET_FIELD.test(key)) continue;
    kept[key] = isDocument(value) ? withoutSecrets(value) : value;
  }
  return kept;
}

function readDocuments(path: string): UpstreamSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // Absent (nothing saved yet) or unreadable: start empty, as upstream does without a settings file.
    parsed = {};
  }
  const document = (key: string): SettingsDocument => {
    const value = isDocument(parsed) ? parsed[key] : undefined;
    return isDocument(value) ? value : {};
  };
  return {
    agent_settings: document('agent_settings'),
    conversation_settings: document('conversation_settings'),
    misc_settings: document('misc_settings'),
    active_profile:
      isDocument(parsed) && typeof parsed.active_profile === 'string' ? parsed.active_profile : null,
  };
}
