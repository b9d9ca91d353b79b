import { describe, expect, it } from 'vitest';
import { remarkRawHtmlAsText } from './remark-raw-html-as-text';

describe('remarkRawHtmlAsText', () => {
  it('turns inline raw HTML into text, in place', () => {
    const tree = {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: 'why does ' },
            { type: 'html', value: '<div>' },
            { type: 'text', value: ' collapse?' },
          ],
        },
      ],
    };
    remarkRawHtmlAsText()(tree);
    expect(tree.children[0]?.children).toEqual([
      { type: 'text', value: 'why does ' },
      { type: 'text', value: '<div>' },
      { type: 'text', value: ' collapse?' },
    ]);
  });

  it('turns a raw HTML block into a paragraph of text, also inside a quote', () => {
    const tree = {
      type: 'root',
      children: [
        { type: 'html', value: '<script>alert(1)</script>' },
        { type: 'blockquote', children: [{ type: 'html', value: '<iframe src="x">' }] },
      ],
    };
    remarkRawHtmlAsText()(tree);
    expect(tree.children).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: '<script>alert(1)</script>' }] },
      {
        type: 'blockquote',
        children: [{ type: 'paragraph', children: [{ type: 'text', value: '<iframe src="x">' }] }],
      },
    ]);
  });
});
