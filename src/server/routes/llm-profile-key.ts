import { fromUpstreamLLM, UpstreamLLMSchema } from '../../runtime/upstream/upstream-llm';
import type { SettingsDocument } from '../../runtime/settings/merge-settings-diff';

/**
 * Whether a key stored with `stored` may go with `given` when `given` carries none (a form never
 * shows a stored key, so an edit or a check sends the profile back without it). Only to the same
 * provider and the same endpoint: a key is never sent anywhere it was not given for, as PATCH
 * /api/settings drops the key when base_url or the provider moves.
 */
export function keyMayFollow(stored: SettingsDocument, given: SettingsDocument): boolean {
  const before = endpointOf(stored);
  const after = endpointOf(given);
  return before !== undefined && after !== undefined && before === after;
}

function endpointOf(llm: SettingsDocument): string | undefined {
  const parsed = UpstreamLLMSchema.safeParse({ ...llm, api_key: null });
  if (!parsed.success) return undefined;
  const mapped = fromUpstreamLLM(parsed.data);
  if (!mapped.ok) return undefined;
  return `${mapped.config.provider} ${mapped.config.base_url ?? ''}`;
}
