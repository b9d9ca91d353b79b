// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../api/api-context';
import { useSettingsDialog } from '../settings/settings-dialog-store';
import { Composer } from './composer';
import { useComposerDrafts } from './composer-drafts';

const ID = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useComposerDrafts.getState().setDraft(ID, '');
  useSettingsDialog.getState().hide();
});

function setup(onBranch?: () => void) {
  const requests: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push({ method: request.method, url: request.url });
      return new Response(JSON.stringify({ success: true }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const onSend = vi.fn();
  render(
    <ApiProvider onUnauthorized={() => undefined}>
      <Composer conversationId={ID} onSend={onSend} sending={false} placeholder="Reply" onBranch={onBranch} />
    </ApiProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Message' });
  const type = (value: string) => fireEvent.change(box, { target: { value } });
  const key = (name: string) => fireEvent.keyDown(box, { key: name });
  return { box, type, key, onSend, requests };
}

const options = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('Composer slash commands', () => {
  it('opens a filtered menu on "/", moves with the arrows and picks with Enter without sending', async () => {
    const onBranch = vi.fn();
    const { type, key, onSend, box } = setup(onBranch);
    type('/');
    expect(options()).toHaveLength(6);
    type('/b');
    expect(options()).toEqual(['/branchBranch from the latest event into a new conversation']);
    expect(box.getAttribute('aria-activedescendant')).toBe('composer-command-branch');
    key('Enter');
    expect(onBranch).toHaveBeenCalledTimes(1);
    expect(onSend).not.toHaveBeenCalled();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(options()).toEqual([]);
  });

  it('ArrowDown then Tab picks the next command (/model opens the settings)', () => {
    const { type, key } = setup();
    type('/m');
    type('/');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('/model');
    key('Tab');
    expect(useSettingsDialog.getState().open).toBe(true);
  });

  it('Esc closes the menu, and Enter then sends a command typed whole as that command', async () => {
    const { type, key, onSend, requests } = setup();
    type('/condense');
    key('Escape');
    expect(options()).toEqual([]);
    key('Enter');
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toContain(`/api/conversations/${ID}/condense`);
    expect(await screen.findByTestId('composer-notice')).toHaveProperty('textContent', 'History condensed.');
  });

  it('sends text that merely starts with "/" as a message', () => {
    const { type, key, onSend, requests } = setup();
    type('/etc/hosts has a typo');
    expect(options()).toEqual([]);
    act(() => key('Enter'));
    expect(onSend).toHaveBeenCalledWith('/etc/hosts has a typo');
    type('/newest');
    key('Enter');
    expect(onSend).toHaveBeenLastCalledWith('/newest');
    expect(requests).toEqual([]);
  });
});
