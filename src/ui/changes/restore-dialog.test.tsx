// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../api/api-context';
import { RestoreDialog } from './restore-dialog';

const CHECKPOINT = 'c'.repeat(40);
const preview = {
  files: [
    { path: 'src/new.ts', status: 'deleted', binary: false, additions: 0, deletions: 3 },
    { path: 'README.md', status: 'modified', binary: false, additions: 1, deletions: 1 },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** Renders the dialog against a fake runtime; returns the restore bodies it was sent. */
function open(running: boolean) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const body = await request.json();
      bodies.push(body);
      const answer = body.dry_run
        ? preview
        : { ...preview, event_id: 'e', backup_checkpoint_id: 'b'.repeat(40) };
      return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider onUnauthorized={() => undefined}>
        <RestoreDialog
          conversationId="11111111-1111-4111-8111-111111111111"
          target={{ checkpointId: CHECKPOINT, title: 'Restore files to before step 2' }}
          running={running}
          onClose={onClose}
        />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { bodies, onClose };
}

describe('RestoreDialog', () => {
  it('previews with a dry run, says what happens to each file, and restores on Enter', async () => {
    const { bodies, onClose } = open(false);
    const list = await screen.findByTestId('restore-preview');
    expect(list.textContent).toContain('src/new.ts');
    expect(list.textContent).toContain('will be removed');
    expect(list.textContent).toContain('is put back');
    expect(bodies).toEqual([{ checkpoint_id: CHECKPOINT, dry_run: true }]);
    const primary = screen.getByRole('button', { name: 'Restore files' });
    await waitFor(() => expect(document.activeElement).toBe(primary));
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([{ checkpoint_id: CHECKPOINT, dry_run: true }, { checkpoint_id: CHECKPOINT }]);
  });

  it('refuses while the agent works: a note, and the button stays disabled', async () => {
    const { bodies } = open(true);
    await screen.findByTestId('restore-preview');
    expect(screen.getByRole('note').textContent).toContain('Pause or stop the agent first');
    expect(screen.getByRole('button', { name: 'Restore files' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(bodies).toHaveLength(1);
  });
});
