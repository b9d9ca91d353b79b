import type { Settings } from '../api/wire-types';

/** A conversation can run only once a provider and model are set. */
export function isModelConfigured(settings: Settings): boolean {
  return settings.llm !== null && settings.llm !== undefined && settings.llm.model.trim() !== '';
}
