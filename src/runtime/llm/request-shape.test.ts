import { describe, expect, it } from 'vitest';
import { LLMError } from './llm';
import { INITIAL_REQUEST_SHAPE, reshapeAfterRefusal } from './request-shape';

const refusal = (extra: { refusedCacheHint?: boolean; repair?: 'strict' | 'flat' }) => ({
  error: new LLMError('bad_request', 'refused', 400),
  retryable: false,
  ...extra,
});

describe('reshapeAfterRefusal', () => {
  it('drops the cache hints first when the refusal names one, even if the words also read as a history problem', () => {
    expect(
      reshapeAfterRefusal(
        INITIAL_REQUEST_SHAPE,
        refusal({ refusedCacheHint: true, repair: 'strict' }),
        false,
      ),
    ).toEqual({
      repair: 'none',
      cacheHints: false,
    });
  });

  it('never loops: hints already off and no repair asked, or the repair already done this call, is the end', () => {
    const without = { repair: 'none' as const, cacheHints: false };
    expect(reshapeAfterRefusal(without, refusal({ refusedCacheHint: true }), false)).toBeUndefined();
    expect(reshapeAfterRefusal(without, refusal({ repair: 'strict' }), true)).toBeUndefined();
    expect(
      reshapeAfterRefusal({ repair: 'flat', cacheHints: false }, refusal({ repair: 'flat' }), false),
    ).toBeUndefined();
  });

  it('repairs the history as before, keeping the hints', () => {
    expect(reshapeAfterRefusal(INITIAL_REQUEST_SHAPE, refusal({ repair: 'flat' }), false)).toEqual({
      repair: 'flat',
      cacheHints: true,
    });
  });
});
