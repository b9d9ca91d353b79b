// @vitest-environment jsdom
import { fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { loadMarkdownParts } from './load-markdown';
import { SafeMarkdown } from './safe-markdown';

afterEach(cleanup);
// Loaded once up front, as after the first message on a page: every render below is Markdown at once
// (safe-markdown-loading.test.tsx covers the plain first frame and the upgrade).
beforeAll(() => loadMarkdownParts({ markdown: true, highlight: true }));

describe('SafeMarkdown (a transcript is untrusted input)', () => {
  it('never renders raw HTML', () => {
    const { container } = render(
      <SafeMarkdown text={'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script> <b>bold</b>'} />,
    );
    expect(container.querySelector('img, script, b')).toBeNull();
  });

  it('shows raw HTML as the literal text that was written', () => {
    const { container } = render(
      <SafeMarkdown text={'Why does <div class="x"> collapse?\n\n<script>alert(2)</script>'} />,
    );
    expect(container.textContent).toContain('Why does <div class="x"> collapse?');
    expect(container.textContent).toContain('<script>alert(2)</script>');
    expect(container.querySelector('div.x, script')).toBeNull();
  });

  it('shows a masked secret as a "secret hidden" pill naming it, and keeps the Markdown around it', () => {
    const { container } = render(
      <SafeMarkdown
        text={'Use **the key** ‹secret:LLM_API_KEY› here:\n\n- item ‹secret:github-token›\n\n`code`'}
      />,
    );
    const pills = [...container.querySelectorAll('span.secret-pill')];
    expect(pills.map((pill) => [pill.textContent, pill.getAttribute('title')])).toEqual([
      ['secret hidden', 'Secret hidden: LLM_API_KEY'],
      ['secret hidden', 'Secret hidden: github-token'],
    ]);
    expect(container.querySelector('strong')?.textContent).toBe('the key');
    expect(container.querySelector('li')?.textContent).toBe('item secret hidden');
    expect(container.querySelector('code')?.textContent).toBe('code');
    expect(container.textContent).not.toContain('‹secret:');
  });

  it('loads an image only after a click', () => {
    const { container, getByRole } = render(
      <SafeMarkdown text={'![diagram](https://tracker.example/pixel.png)'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    const button = getByRole('button', { name: /load image/i });
    expect(button.textContent).toContain('tracker.example');
    fireEvent.click(button);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://tracker.example/pixel.png');
  });

  it('opens links in a new tab without opener or referrer, and drops script URLs', () => {
    const { container } = render(
      <SafeMarkdown text={'[docs](https://example.com) and [bad](javascript:alert(1))'} />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
    expect(links[0]?.getAttribute('rel')).toContain('noreferrer');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links.some((link) => (link.getAttribute('href') ?? '').startsWith('javascript:'))).toBe(false);
  });

  it('highlights fenced code', () => {
    const { container } = render(<SafeMarkdown text={'```ts\nconst answer = 42;\n```'} />);
    expect(container.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const');
  });
});
