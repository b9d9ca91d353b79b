/** A JSON object as upstream's settings documents hold them. */
export type SettingsDocument = { [key: string]: unknown };

/**
 * Upstream's `*_settings_diff` semantics: an object in the diff merges into the object at the same key
 * (recursively); anything else (a value, a list, null) replaces it. Pure; neither argument is changed.
 * `__proto__`, `constructor` and `prototype` keys are dropped, so a hostile diff cannot reach a prototype.
 */
export function mergeSettingsDiff(base: SettingsDocument, diff: SettingsDocument): SettingsDocument {
  const merged: SettingsDocument = { ...base };
  for (const [key, value] of Object.entries(diff)) {
    if (UNSAFE_KEYS.has(key)) continue;
    const current = merged[key];
    merged[key] = isDocument(value) && isDocument(current) ? mergeSettingsDiff(current, value) : clean(value);
  }
  return merged;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isDocument(value: unknown): value is SettingsDocument {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clean(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clean);
  return isDocument(value) ? mergeSettingsDiff({}, value) : value;
}
