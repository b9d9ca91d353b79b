import { describe, expect, it } from 'vitest';
import { foregroundProcessGroup } from './foreground-process-group';

describe('foreground process group', () => {
  it('reads the tpgid field, even when the command name holds spaces and parentheses', () => {
    const stat = '4242 (odd (name) x) S 4200 4242 4242 34816 4300 4194304 0 0';
    expect(foregroundProcessGroup(4242, () => stat)).toBe(4300);
  });

  it('is undefined when the process has no terminal or cannot be read', () => {
    expect(foregroundProcessGroup(1, () => '1 (init) S 0 1 1 0 -1 4194560')).toBeUndefined();
    expect(foregroundProcessGroup(1, () => undefined)).toBeUndefined();
  });
});
