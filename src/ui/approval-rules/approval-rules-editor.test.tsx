// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRule, ApprovalRuleInput } from '../api/wire-types';
import { ApprovalRulesEditor } from './approval-rules-editor';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const lsRule: ApprovalRule = {
  id: 'rule-1',
  tool: 'terminal',
  matcher: { kind: 'command_prefix', prefix: 'ls' },
  effect: 'allow',
  allow_high_risk: false,
  created_at: '2026-12-02T08:00:00.000Z',
};

/** The editor with a parent that has not re-rendered yet: `rules` stays what it was. */
function editor(rules: ApprovalRule[]) {
  const saved: ApprovalRuleInput[][] = [];
  const onSave = vi.fn((next: ApprovalRuleInput[]) => saved.push(next));
  const view = (error: string | undefined) => (
    <ApprovalRulesEditor rules={rules} onSave={onSave} busy={false} error={error} emptyText="None" />
  );
  const { rerender } = render(view(undefined));
  return Object.assign(saved, { failed: (error: string) => rerender(view(error)) });
}

describe('ApprovalRulesEditor', () => {
  it('builds a second change on the first even before the list is drawn again', () => {
    const saved = editor([lsRule]);
    const matcher = screen.getByRole('textbox', { name: /What Command rule ls matches/ });
    fireEvent.change(matcher, { target: { value: 'ls -l' } });
    fireEvent.keyDown(matcher, { key: 'Enter' });
    fireEvent.change(screen.getByRole('combobox', { name: /Effect of Command rule ls$/ }), {
      target: { value: 'ask' },
    });
    expect(saved).toHaveLength(2);
    expect(saved[0]).toEqual([{ ...lsRule, matcher: { kind: 'command_prefix', prefix: 'ls -l' } }]);
    expect(saved[1]).toEqual([
      { ...lsRule, matcher: { kind: 'command_prefix', prefix: 'ls -l' }, effect: 'ask' },
    ]);
  });

  it('deletes the rule it was asked to, by id, from the latest list', () => {
    const other: ApprovalRule = {
      ...lsRule,
      id: 'rule-2',
      matcher: { kind: 'command_prefix', prefix: 'git' },
    };
    const saved = editor([lsRule, other]);
    fireEvent.change(screen.getByRole('combobox', { name: /Effect of Command rule git/ }), {
      target: { value: 'deny' },
    });
    fireEvent.click(screen.getByRole('button', { name: /Delete Command rule ls/ }));
    expect(saved.at(-1)).toEqual([{ ...other, effect: 'deny' }]);
  });

  it('does not build on a save that failed: the next change starts from the list given', () => {
    const saved = editor([lsRule]);
    fireEvent.change(screen.getByRole('combobox', { name: /Effect of Command rule ls$/ }), {
      target: { value: 'deny' },
    });
    saved.failed('The runtime is not reachable');
    fireEvent.click(screen.getByRole('checkbox'));
    expect(saved.at(-1)).toEqual([{ ...lsRule, allow_high_risk: true }]);
  });
});
