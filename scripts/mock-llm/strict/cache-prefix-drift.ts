import type { Dialect } from '../failure-bodies';
import { promptBlocks } from '../prompt-blocks';
import { type Violation, isRecord } from './violation';

/**
 * Our own rule, enforced in tests (no provider checks it): cache hints only on content the next call
 * sends again, byte for byte, so every cache write can be read. For Anthropic, each prefix the earlier
 * request marked with `cache_control` must open the later request; for OpenAI, whose cache keys on the
 * whole prompt, the earlier request's prompt must open the later one, under the same
 * `prompt_cache_key`. `earlier` and `later` are consecutive calls of one conversation. Pure.
 */
export function cachePrefixDrift(dialect: Dialect, earlier: unknown, later: unknown): Violation[] {
  if (!isRecord(earlier) || !isRecord(later)) return [{ path: [], rule: 'both bodies must be objects' }];
  const before = promptBlocks(dialect, earlier);
  const after = promptBlocks(dialect, later);
  const ends =
    dialect === 'anthropic'
      ? before.flatMap((block, index) => (block.breakpoint ? [index] : []))
      : [before.length - 1];
  const found: Violation[] = [];
  for (const end of ends) {
    const changed = before.slice(0, end + 1).findIndex((block, index) => after[index]?.text !== block.text);
    if (changed === -1) continue;
    found.push({
      path: before[changed]?.path ?? [],
      rule: `the next call changed or dropped this block, inside the cached prefix ending at ${before[end]?.path.join('.')}`,
    });
  }
  if (dialect !== 'anthropic' && earlier.prompt_cache_key !== later.prompt_cache_key)
    found.push({
      path: ['prompt_cache_key'],
      rule: 'the next call of the conversation changed its prompt_cache_key',
    });
  return found;
}
