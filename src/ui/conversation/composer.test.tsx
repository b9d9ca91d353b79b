// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../api/api-context';
import { Composer } from './composer';
import { useComposerDrafts } from './composer-drafts';
import { useModelPicker } from '../stores/model-picker-store';

const ID = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useComposerDrafts.getState().setDraft(ID, '');
  useModelPicker.getState().setOpen(false);
});

function setup(onBranch?: () => void) {
  const requests: { method: string; url: string; body?: FormData }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? { method: init?.method ?? 'GET', url: input } : input;
      const body = init?.body instanceof FormData ? init.body : undefined;
      requests.push({ method: request.method, url: request.url, ...(body ? { body } : {}) });
      return new Response(JSON.stringify({ success: true }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const onSend = vi.fn();
  render(
    <ApiProvider onUnauthorized={() => undefined}>
      <Composer
        conversationId={ID}
        onSend={onSend}
        sending={false}
        placeholder="Reply"
        onBranch={onBranch}
        workingDir="/work/project"
      />
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
    expect(options().map((option) => option?.split(/[A-Z]/)[0])).toEqual([
      '/new',
      '/branch',
      '/condense',
      '/model',
      '/skills',
      '/policy',
      '/export',
    ]);
    type('/b');
    expect(options()).toEqual(['/branchBranch from the latest event into a new conversation']);
    expect(box.getAttribute('aria-activedescendant')).toBe('composer-command-branch');
    key('Enter');
    expect(onBranch).toHaveBeenCalledTimes(1);
    expect(onSend).not.toHaveBeenCalled();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(options()).toEqual([]);
  });

  it('ArrowDown then Tab picks the next command (/model opens the model picker)', () => {
    const { type, key } = setup();
    type('/m');
    type('/');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('/model');
    key('Tab');
    expect(useModelPicker.getState().open).toBe(true);
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
    expect(onSend).toHaveBeenCalledWith({ text: '/etc/hosts has a typo', images: [] });
    type('/newest');
    key('Enter');
    expect(onSend).toHaveBeenLastCalledWith({ text: '/newest', images: [] });
    expect(requests).toEqual([]);
  });
});

describe('Composer attachments', () => {
  const png = () =>
    new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'screen.png', { type: 'image/png' });
  const paste = (box: HTMLElement, files: File[]) => fireEvent.paste(box, { clipboardData: { files } });

  it('sends a pasted image as a data URL and an attached file as a line naming where it went', async () => {
    const { box, type, key, onSend, requests } = setup();
    paste(box, [png()]);
    const input = screen.getByTestId('attach-input');
    fireEvent.change(input, { target: { files: [new File(['a,b\n'], 'data.csv', { type: 'text/csv' })] } });
    const chips = screen.getAllByTestId('attachment-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['screen.pngImage · 7 B', 'data.csvFile · 4 B']);
    type('What is in these?');
    key('Enter');
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend).toHaveBeenCalledWith({
      text: 'What is in these?\n\nAttached file (in the workspace): `attachments/data.csv`',
      images: [`data:image/png;base64,${btoa(String.fromCharCode(137, 80, 78, 71, 1, 2, 3))}`],
    });
    expect(requests.map((request) => [request.method, decodeURIComponent(request.url)])).toEqual([
      ['POST', '/api/file/upload?path=/work/project/attachments/data.csv'],
    ]);
    const uploaded = requests[0]?.body?.get('file');
    expect(uploaded instanceof File && uploaded.name).toBe('data.csv');
    expect(screen.queryAllByTestId('attachment-chip')).toHaveLength(0);
  });

  it('refuses an SVG and an oversized image with a sentence, and a chip can be removed', () => {
    const { box, onSend } = setup();
    paste(box, [
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
      png(),
    ]);
    expect(screen.getByTestId('attachment-refusal').textContent).toBe(
      'logo.svg is not sent: SVG images are not accepted. Use PNG, JPEG, GIF or WebP.' +
        'huge.png is not sent: it is 5.1 MB, over the 5 MB limit per image.',
    );
    expect(screen.getAllByTestId('attachment-chip')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove screen.png' }));
    expect(screen.queryAllByTestId('attachment-chip')).toHaveLength(0);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the attachments and says why when an upload fails', async () => {
    const { box, type, key, onSend } = setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ detail: 'That path is not allowed' }), { status: 403 }),
      ),
    );
    fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [new File(['x'], 'x.txt')] } });
    type('read it');
    key('Enter');
    expect(await screen.findByTestId('attachment-refusal')).toHaveProperty(
      'textContent',
      'Could not attach x.txt: That path is not allowed',
    );
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('attachment-chip')).toHaveLength(1);
    expect((box as HTMLTextAreaElement).value).toBe('read it');
  });
});
