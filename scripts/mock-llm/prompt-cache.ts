import { createHash } from 'node:crypto';
import type { Dialect } from './failure-bodies';
import { type PromptBlock, promptBlocks } from './prompt-blocks';

/** What one request's prompt costs in the mock's bill: every input token, and the cached share. */
export interface PromptBill {
  promptTokens: number;
  /** Served from the cache (a prefix an earlier request left there). */
  cacheRead: number;
  /** Anthropic: written to the cache at this request's breakpoints. OpenAI reports none. */
  cacheWrite: number;
}

/** Neither provider caches a shorter prefix (Anthropic's Sonnet and Opus; OpenAI's automatic caching). */
export const MIN_CACHED_TOKENS = 1024;
/** OpenAI counts cache hits in steps of 128 tokens past the first 1,024. */
const OPENAI_CACHE_STEP = 128;
/** Anthropic looks for an earlier entry at most this many blocks before each breakpoint. */
const LOOKBACK_BLOCKS = 20;

/**
 * The mock's prompt cache, billing requests the way the real APIs do, per model:
 * - Anthropic caches only at `cache_control` breakpoints: a request reads the longest prefix that
 *   ends at one of its breakpoints, or up to 20 blocks before one, and that an earlier request wrote;
 *   it writes the prefix up to its last breakpoint when that was not cached yet;
 * - OpenAI (Chat Completions, Responses) caches automatically: a request reads the longest prefix of
 *   at least 1,024 tokens an earlier request also sent (in 128-token steps) and reports no writes.
 * Tokens are estimated as characters / 4 of each block (tools included, as the providers count
 * them). Kept in memory for the server's lifetime.
 */
export function createPromptCache(): { bill(dialect: Dialect, body: Record<string, unknown>): PromptBill } {
  const written = new Set<string>();
  return {
    bill(dialect, body) {
      const blocks = promptBlocks(dialect, body);
      const ends = prefixEnds(String(body.model), blocks);
      const promptTokens = ends.at(-1)?.tokens ?? 0;
      if (dialect === 'anthropic') return { promptTokens, ...anthropicBill(blocks, ends, written) };
      let cacheRead = 0;
      for (const end of ends) {
        if (end.tokens >= MIN_CACHED_TOKENS && written.has(end.key)) cacheRead = end.tokens;
        if (end.tokens >= MIN_CACHED_TOKENS) written.add(end.key);
      }
      const stepped = cacheRead > 0 ? Math.floor(cacheRead / OPENAI_CACHE_STEP) * OPENAI_CACHE_STEP : 0;
      return { promptTokens, cacheRead: stepped, cacheWrite: 0 };
    },
  };
}

interface PrefixEnd {
  /** The model and a hash of every block up to and including this one. */
  key: string;
  tokens: number;
}

function prefixEnds(model: string, blocks: readonly PromptBlock[]): PrefixEnd[] {
  const hash = createHash('sha256').update(model);
  let characters = 0;
  return blocks.map((block) => {
    hash.update(`\u0000${block.text}`);
    characters += block.size;
    return { key: hash.copy().digest('hex'), tokens: Math.ceil(characters / 4) };
  });
}

function anthropicBill(
  blocks: readonly PromptBlock[],
  ends: readonly PrefixEnd[],
  written: Set<string>,
): { cacheRead: number; cacheWrite: number } {
  const breakpoints = blocks.flatMap((block, index) => (block.breakpoint ? [index] : []));
  let cacheRead = 0;
  for (const breakpoint of breakpoints) {
    for (let index = breakpoint; index >= Math.max(0, breakpoint - LOOKBACK_BLOCKS); index -= 1) {
      const end = ends[index];
      if (end && written.has(end.key)) {
        cacheRead = Math.max(cacheRead, end.tokens);
        break;
      }
    }
  }
  let cacheWrite = 0;
  for (const breakpoint of breakpoints) {
    const end = ends[breakpoint];
    if (!end || end.tokens < MIN_CACHED_TOKENS) continue;
    if (!written.has(end.key)) cacheWrite = Math.max(cacheWrite, end.tokens - cacheRead);
    written.add(end.key);
  }
  return { cacheRead, cacheWrite };
}
