import { describe, expect, it } from 'vitest';
import type { ConfirmationPolicy, SecurityRisk } from '../events';
import { needsConfirmation } from './needs-confirmation';

const risky = (threshold: 'LOW' | 'MEDIUM' | 'HIGH', confirmUnknown: boolean): ConfirmationPolicy => ({
  kind: 'ConfirmRisky',
  threshold,
  confirm_unknown: confirmUnknown,
});

describe('needsConfirmation', () => {
  it.each<[string, ConfirmationPolicy, SecurityRisk, boolean]>([
    ['NeverConfirm, HIGH', { kind: 'NeverConfirm' }, 'HIGH', false],
    ['NeverConfirm, UNKNOWN', { kind: 'NeverConfirm' }, 'UNKNOWN', false],
    ['AlwaysConfirm, LOW', { kind: 'AlwaysConfirm' }, 'LOW', true],
    ['ConfirmRisky HIGH, HIGH', risky('HIGH', true), 'HIGH', true],
    ['ConfirmRisky HIGH, MEDIUM', risky('HIGH', true), 'MEDIUM', false],
    ['ConfirmRisky MEDIUM, MEDIUM', risky('MEDIUM', false), 'MEDIUM', true],
    ['ConfirmRisky MEDIUM, LOW', risky('MEDIUM', false), 'LOW', false],
    ['ConfirmRisky LOW, LOW', risky('LOW', false), 'LOW', true],
    ['ConfirmRisky, UNKNOWN with confirm_unknown', risky('HIGH', true), 'UNKNOWN', true],
    ['ConfirmRisky, UNKNOWN without confirm_unknown', risky('LOW', false), 'UNKNOWN', false],
  ])('%s → %s', (_name, policy, risk, expected) => {
    expect(needsConfirmation(policy, risk)).toBe(expected);
  });
});
