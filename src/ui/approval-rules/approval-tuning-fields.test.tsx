// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConfirmationPolicy } from '../api/wire-types';
import { ApprovalTuningFields } from './approval-tuning-fields';

afterEach(cleanup);

function show(policy: ConfirmationPolicy) {
  const onPolicy = vi.fn();
  const onAnalyzer = vi.fn();
  render(
    <ApprovalTuningFields
      policy={policy}
      analyzer={{ kind: 'EnsembleSecurityAnalyzer' }}
      onPolicy={onPolicy}
      onAnalyzer={onAnalyzer}
    />,
  );
  return { onPolicy, onAnalyzer };
}

describe('ApprovalTuningFields', () => {
  it('moves "Ask for risky" to medium, keeping the rest of the policy', () => {
    const { onPolicy } = show({ kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true });
    fireEvent.change(screen.getByLabelText('Ask for risky from'), { target: { value: 'MEDIUM' } });
    expect(onPolicy).toHaveBeenCalledWith({
      kind: 'ConfirmRisky',
      threshold: 'MEDIUM',
      confirm_unknown: true,
    });
  });

  it('has no threshold to set for "Always ask", and says why', () => {
    show({ kind: 'AlwaysConfirm' });
    expect((screen.getByLabelText('Ask for risky from') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText(/Only for “Ask for risky”/)).toBeTruthy();
  });

  it('picks who rates the risk', () => {
    const { onAnalyzer } = show({ kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true });
    fireEvent.change(screen.getByLabelText('Risk rated by'), {
      target: { value: 'PatternSecurityAnalyzer' },
    });
    expect(onAnalyzer).toHaveBeenCalledWith({ kind: 'PatternSecurityAnalyzer' });
  });
});
