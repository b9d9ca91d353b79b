import { describe, expect, it } from 'vitest';
import {
  policyChoiceOf,
  policyDescription,
  policyFromChoice,
  thresholdOf,
  withThreshold,
} from './policy-options';

describe('policy choices', () => {
  it('maps each policy kind to the choice the switcher shows', () => {
    expect(policyChoiceOf({ kind: 'NeverConfirm' })).toBe('never');
    expect(policyChoiceOf({ kind: 'AlwaysConfirm' })).toBe('always');
    expect(policyChoiceOf({ kind: 'ConfirmRisky', threshold: 'MEDIUM', confirm_unknown: true })).toBe(
      'risky',
    );
  });

  it('keeps the current risk threshold when switching back to "ask for risky"', () => {
    const current = { kind: 'ConfirmRisky', threshold: 'MEDIUM', confirm_unknown: false } as const;
    expect(policyFromChoice('risky', current)).toEqual(current);
    expect(policyFromChoice('risky', { kind: 'NeverConfirm' })).toEqual({
      kind: 'ConfirmRisky',
      threshold: 'HIGH',
      confirm_unknown: true,
    });
    expect(policyFromChoice('always')).toEqual({ kind: 'AlwaysConfirm' });
  });

  it('labels each policy with exactly what it does', () => {
    expect(policyDescription('never')).toBe('Never ask — run every action without asking');
    expect(policyDescription('risky')).toBe(
      'Ask for risky — ask before actions rated at or above its threshold (high by default) and actions the analyzers could not rate',
    );
    expect(policyDescription('always')).toBe('Always ask — ask before every command and file change');
  });

  it('reads and changes the "ask for risky" threshold, leaving other policies alone', () => {
    const risky = { kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true } as const;
    expect(thresholdOf(risky)).toBe('HIGH');
    expect(thresholdOf({ ...risky, threshold: 'LOW' })).toBe('MEDIUM');
    expect(withThreshold(risky, 'MEDIUM')).toEqual({ ...risky, threshold: 'MEDIUM' });
    expect(withThreshold({ kind: 'AlwaysConfirm' }, 'MEDIUM')).toEqual({ kind: 'AlwaysConfirm' });
  });
});
