// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';
import { COPIED_FEEDBACK_MS } from './use-copy-to-clipboard';

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CopyButton', () => {
  it('copies its text, says "Copied", then goes back to its icon', async () => {
    vi.useFakeTimers();
    render(<CopyButton text="echo hi" label="Copy command" />);
    const button = screen.getByRole('button', { name: 'Copy command' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('echo hi');
    expect(button.textContent).toBe('Copied');
    await act(async () => {
      vi.advanceTimersByTime(COPIED_FEEDBACK_MS + 10);
    });
    expect(button.textContent).toBe('');
  });

  it('says so when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    render(<CopyButton text="x" label="Copy text" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy text' }));
    });
    expect(screen.getByRole('button', { name: 'Copy text' }).textContent).toBe('Could not copy');
  });
});
