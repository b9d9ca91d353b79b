import { describe, expect, it } from 'vitest';
import { moveSelection } from './move-selection';

describe('moveSelection', () => {
  it('moves down and up through the results', () => {
    expect(moveSelection(0, 1, 3)).toBe(1);
    expect(moveSelection(2, -1, 3)).toBe(1);
  });

  it('wraps around at both ends', () => {
    expect(moveSelection(2, 1, 3)).toBe(0);
    expect(moveSelection(0, -1, 3)).toBe(2);
  });

  it('starts from the first result going down and the last going up', () => {
    expect(moveSelection(-1, 1, 3)).toBe(0);
    expect(moveSelection(-1, -1, 3)).toBe(2);
  });

  it('brings a selection that is past the end after results shrank back into range', () => {
    expect(moveSelection(7, 1, 3)).toBe(0);
  });

  it('selects nothing when there are no results', () => {
    expect(moveSelection(0, 1, 0)).toBe(-1);
  });
});
