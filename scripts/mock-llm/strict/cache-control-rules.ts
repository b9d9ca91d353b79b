import { promptBlocks } from '../prompt-blocks';
import type { Violation } from './violation';

const MAX_BREAKPOINTS = 4;

/**
 * Anthropic's prompt caching rules beyond the schema (which already says where `cache_control` may
 * stand: tools, system text, and content blocks other than thinking): at most four breakpoints in a
 * request, and a one-hour breakpoint never after a five-minute one (the default TTL is five
 * minutes). Pure.
 */
export function cacheControlRules(body: Record<string, unknown>): Violation[] {
  const breakpoints = promptBlocks('anthropic', body).filter((block) => block.breakpoint);
  const found: Violation[] = [];
  if (breakpoints.length > MAX_BREAKPOINTS)
    found.push({
      path: breakpoints[MAX_BREAKPOINTS]?.path ?? [],
      rule: `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints.length}.`,
    });
  let shortSeen = false;
  for (const breakpoint of breakpoints) {
    if (breakpoint.ttl === '1h' && shortSeen)
      found.push({
        path: [...breakpoint.path, 'cache_control', 'ttl'],
        rule: 'a ttl of 1h must not come after a cache_control with a ttl of 5m',
      });
    if (breakpoint.ttl !== '1h') shortSeen = true;
  }
  return found;
}

/**
 * `prompt_cache_key` (Chat Completions and Responses), as we send it: a non-empty string when
 * present. The schema also admits null, which tells the provider nothing. Pure.
 */
export function promptCacheKeyRules(body: Record<string, unknown>): Violation[] {
  if (!('prompt_cache_key' in body)) return [];
  const key = body.prompt_cache_key;
  if (typeof key === 'string' && key !== '') return [];
  return [{ path: ['prompt_cache_key'], rule: 'prompt_cache_key must be a non-empty string when sent' }];
}
