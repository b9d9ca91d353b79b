import { describe, expect, it } from 'vitest';
import { describeRetry } from './describe-retry';

describe('describeRetry', () => {
  it('says why, when and which attempt', () => {
    expect(describeRetry('network', 4, 2)).toBe('Can’t reach the model — retrying in 4 s (attempt 2)');
    expect(describeRetry('rate_limit', 0, 3)).toBe(
      'The model is rate-limiting requests — retrying now (attempt 3)',
    );
    expect(describeRetry('something_new', 1, 2)).toBe('The model call failed — retrying in 1 s (attempt 2)');
  });
});
