// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SafeMarkdown } from './safe-markdown';

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(cleanup);

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
