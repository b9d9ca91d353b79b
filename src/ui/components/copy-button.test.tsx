// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SafeMarkdown } from '../markdown/safe-markdown';
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

describe('code blocks in Markdown', () => {
  it('copy the code as written: highlighting flattened, secrets as their placeholders, no pill labels', async () => {
    render(
      <SafeMarkdown
        text={
          'Run:\n\n```ts\nconst key = "‹secret:API_KEY›";\nconsole.log(key);\n```\n\nand `inline` has none.'
        }
      />,
    );
    const buttons = await screen.findAllByRole('button', { name: 'Copy code' }, { timeout: 20_000 });
    expect(buttons).toHaveLength(1);
    await act(async () => {
      fireEvent.click(buttons[0] as HTMLElement);
    });
    expect(writeText).toHaveBeenCalledWith('const key = "‹secret:API_KEY›";\nconsole.log(key);');
  });
});
