import { describe, expect, it } from 'vitest';
import { markdownNeeds } from './markdown-needs';

describe('markdownNeeds', () => {
  it('needs nothing for plain prose, however many paragraphs', () => {
    for (const text of ['Done.', 'All tests pass, 42 of them.\nNext: the parser.', 'One.\n\nTwo - or three?'])
      expect(markdownNeeds(text)).toEqual({ markdown: false, highlight: false });
  });

  it('needs the Markdown chunk for inline marks, links, entities, secrets and block starts', () => {
    const texts = [
      'a **bold** move',
      'see `npm test`',
      '[docs](https://example.com)',
      'https://example.com',
      'www.example.com',
      'mail me@example.com',
      'AT&amp;T',
      'key ‹secret:API_KEY›',
      '# Title',
      '> quoted',
      '- item',
      '1. first',
      'Title\n=====',
      'line  \nbreak',
      '    indented code',
      'a | b\n--|--\n1 | 2',
    ];
    for (const text of texts) expect(markdownNeeds(text), text).toEqual({ markdown: true, highlight: false });
  });

  it('needs highlighting only for a fenced block that names its language', () => {
    expect(markdownNeeds('```ts\nconst a = 1;\n```')).toEqual({ markdown: true, highlight: true });
    expect(markdownNeeds('~~~ python\nprint(1)\n~~~')).toEqual({ markdown: true, highlight: true });
    expect(markdownNeeds('```\nplain block\n```')).toEqual({ markdown: true, highlight: false });
  });
});
