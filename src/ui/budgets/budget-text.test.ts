import { describe, expect, it } from 'vitest';
import { budgetFromText, budgetText, formatUsd } from './budget-text';

describe('budgetFromText', () => {
  it.each([
    ['2', 2],
    [' 0.5 ', 0.5],
    ['$2.50', 2.5],
    ['.25', 0.25],
  ])('reads %j as %s dollars', (text, usd) => {
    expect(budgetFromText(text)).toEqual({ ok: true, usd });
  });

  it('reads an empty field as no budget', () => {
    expect(budgetFromText('  ')).toEqual({ ok: true, usd: null });
  });

  it.each(['0', '0.00', '-1', 'abc', 'Infinity', '1e400', '0x10', 'NaN'])('refuses %j', (text) => {
    expect(budgetFromText(text).ok).toBe(false);
  });

  it('shows a budget back as typed and dollars as people read them', () => {
    expect(budgetText(null)).toBe('');
    expect(budgetText(2.5)).toBe('2.5');
    expect(formatUsd(0.5125)).toBe('$0.5125');
    expect(formatUsd(12)).toBe('$12.00');
  });
});
