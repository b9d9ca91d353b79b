import type { ClassifiedFailure } from './classify-failure';
import { nextRepair } from './provider-projection-repair';
import type { RepairLevel } from './provider-projection-rules';

/**
 * How an adapter shapes its requests, learnt from the provider's refusals and kept for the client's
 * lifetime, so later calls are sent acceptable from the start: the history projection's repair
 * level, and whether prompt cache hints (Anthropic `cache_control`, `prompt_cache_key`) are sent.
 */
export interface RequestShape {
  repair: RepairLevel;
  cacheHints: boolean;
}

export const INITIAL_REQUEST_SHAPE: RequestShape = { repair: 'none', cacheHints: true };

/**
 * The shape to send a refused request again in, or undefined when the refusal is not about the shape
 * (or nothing is left to change). Cache hints are dropped first when the provider named them: an
 * older server that refuses `cache_control` also says "extra inputs", which would otherwise read as a
 * history problem. A history repair happens at most once per call (`repairedThisCall`). Pure.
 */
export function reshapeAfterRefusal(
  shape: RequestShape,
  failure: ClassifiedFailure,
  repairedThisCall: boolean,
): RequestShape | undefined {
  if (failure.refusedCacheHint && shape.cacheHints) return { ...shape, cacheHints: false };
  if (!failure.repair || repairedThisCall) return undefined;
  const repair = nextRepair(shape.repair, failure.repair);
  return repair ? { ...shape, repair } : undefined;
}
