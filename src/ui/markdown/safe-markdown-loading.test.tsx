// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadedMarkdownParts } from './load-markdown';
import { SafeMarkdown } from './safe-markdown';

afterEach(cleanup);

// Nothing loads the Markdown chunks before these tests (a fresh module state per file), as on a page
// that has just opened.
describe('SafeMarkdown before its chunks are loaded', () => {
  it('shows plain prose as paragraphs without fetching the Markdown chunk', async () => {
    const { container } = render(<SafeMarkdown text={'First paragraph\nstill first.\n\nSecond one'} />);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'First paragraph\nstill first.',
      'Second one',
    ]);
    expect(container.querySelector('[data-markdown="plain"]')).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadedMarkdownParts({ markdown: true, highlight: false })).toBeUndefined();
  });

  it('shows Markdown as plain text at once, then upgrades it in place when the chunks arrive', async () => {
    const { container } = render(
      <SafeMarkdown text={'Use **the key** here.\n\n```ts\nconst answer = 42;\n```'} />,
    );
    expect(container.querySelector('strong')).toBeNull();
    expect(container.querySelector('[data-markdown="loading"]')?.textContent).toContain(
      'Use **the key** here.',
    );

    // Generous: under vitest the chunk is compiled on first import.
    expect((await screen.findByText('the key', {}, { timeout: 20_000 })).tagName).toBe('STRONG');
    expect(container.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const');
    expect(container.querySelector('[data-markdown]')).toBeNull();
  });
});
