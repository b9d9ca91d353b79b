// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { terminalAction } from '../conversation-store/testing/event-builders';
import { ApprovalDialog } from './approval-dialog';
import { ARMING_DELAY_MS } from './use-approval-arming';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

function openDialog(actions = [terminalAction(1, 'rm -rf build', { risk: 'HIGH' })]) {
  const onRespond = vi.fn();
  const onDismiss = vi.fn();
  const suggestions = new Map(
    actions.map((action) => [
      action.id,
      { tool: 'terminal', matcher: { kind: 'command_prefix', prefix: 'rm' } } as const,
    ]),
  );
  render(
    <ApprovalDialog
      actions={actions}
      suggestions={suggestions}
      onRespond={onRespond}
      onDismiss={onDismiss}
      busy={false}
      error={undefined}
    />,
  );
  const dialog = screen.getByRole('dialog');
  const approve = screen.getByTestId('approve-primary');
  // Approving is answering "accept all" (a single action approved once).
  const onApprove = {
    calls: () => onRespond.mock.calls.filter(([choice]) => choice.kind === 'all' && choice.accept).length,
  };
  return { onApprove, onRespond, onDismiss, dialog, approve };
}

function typeIntoComposer(): HTMLTextAreaElement {
  const composer = document.createElement('textarea');
  composer.setAttribute('aria-label', 'Message');
  document.body.append(composer);
  composer.focus();
  return composer;
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('approval dialog focus and arming', () => {
  it('leaves focus in the composer the person is typing in, and Enter there never approves', () => {
    const composer = typeIntoComposer();
    const { onApprove, approve } = openDialog();
    expect(document.activeElement).toBe(composer);
    fireEvent.keyDown(composer, { key: 'Enter' });
    wait(ARMING_DELAY_MS * 2);
    fireEvent.keyDown(composer, { key: 'Enter' });
    expect(onApprove.calls()).toBe(0);
    expect(approve.dataset.armed).toBe('false');
  });

  it('Tab moves focus from the composer into the dialog and arms it at once', () => {
    typeIntoComposer();
    const { onApprove, dialog, approve } = openDialog();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(approve.dataset.armed).toBe('true');
    fireEvent.keyDown(dialog, { key: 'Enter' });
    expect(onApprove.calls()).toBe(1);
  });

  it('takes focus when nobody is typing, but Enter does nothing until the arming delay has passed', () => {
    const { onApprove, dialog, approve } = openDialog();
    expect(document.activeElement).toBe(approve);
    // Not even the focused button's own click: the key press is swallowed.
    expect(fireEvent.keyDown(approve, { key: 'Enter' })).toBe(false);
    fireEvent.keyDown(dialog, { key: 'Enter' });
    expect(onApprove.calls()).toBe(0);
    expect(approve.dataset.armed).toBe('false');

    wait(ARMING_DELAY_MS);
    expect(approve.dataset.armed).toBe('true');
    expect(fireEvent.keyDown(approve, { key: 'Enter' })).toBe(true); // the button's click approves
    fireEvent.keyDown(dialog, { key: 'Enter' });
    expect(onApprove.calls()).toBe(1);
  });

  it('a click inside the dialog arms it before the delay', () => {
    const { dialog, approve } = openDialog();
    fireEvent.pointerDown(dialog);
    expect(approve.dataset.armed).toBe('true');
  });

  it('Esc decides later: it dismisses without approving', () => {
    const composer = typeIntoComposer();
    const { onApprove, onDismiss } = openDialog();
    fireEvent.keyDown(composer, { key: 'Escape' });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onApprove.calls()).toBe(0);
  });
});

describe('approval dialog choices', () => {
  it('names the rule "Allow for this conversation" creates, and says high-risk needs a tick', () => {
    const { onRespond } = openDialog();
    expect(screen.getByTestId('allow-for-conversation').textContent).toContain(
      'Allow rm for this conversation',
    );
    expect(screen.getByText(/will not auto-allow/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/also high-risk/i));
    fireEvent.click(screen.getByTestId('allow-for-conversation'));
    expect(onRespond).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'remember', scope: 'conversation', allowHighRisk: true }),
    );
  });

  it('a batch has a choice per action and sends them together', () => {
    const first = terminalAction(1, 'npm test');
    const second = terminalAction(2, 'rm -rf build');
    const { onRespond, approve } = openDialog([first, second]);
    expect(approve.textContent).toContain('Approve all');
    fireEvent.click(screen.getAllByRole('button', { name: /reject/i, pressed: false })[1] as HTMLElement);
    expect(approve.textContent).toContain('1 approved, 1 rejected');
    fireEvent.click(approve);
    const [choice] = onRespond.mock.calls[0] ?? [];
    expect(choice.kind).toBe('each');
    expect([...choice.choices]).toEqual([[second.id, 'reject']]);
  });
});
