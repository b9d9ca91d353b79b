import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet-parts';

describe('snippetParts', () => {
  it('splits a snippet into plain text and marked hits', () => {
    expect(snippetParts('…the «quick» brown «fox» jumps')).toEqual([
      { text: '…the ', hit: false },
      { text: 'quick', hit: true },
      { text: ' brown ', hit: false },
      { text: 'fox', hit: true },
      { text: ' jumps', hit: false },
    ]);
  });

  it('returns one plain part when nothing is marked', () => {
    expect(snippetParts('no hits here')).toEqual([{ text: 'no hits here', hit: false }]);
  });

  it('keeps a lone opening marker as literal text', () => {
    expect(snippetParts('price «rising and «fox» too')).toEqual([
      { text: 'price «rising and ', hit: false },
      { text: 'fox', hit: true },
      { text: ' too', hit: false },
    ]);
    expect(snippetParts('an open « marker')).toEqual([{ text: 'an open « marker', hit: false }]);
  });

  it('keeps a stray closing marker as literal text', () => {
    expect(snippetParts('a » b «hit»')).toEqual([
      { text: 'a » b ', hit: false },
      { text: 'hit', hit: true },
    ]);
  });

  it('keeps HTML in the snippet as text, never as markup', () => {
    const parts = snippetParts('<img src=x onerror=alert(1)> «<b>»');
    expect(parts).toEqual([
      { text: '<img src=x onerror=alert(1)> ', hit: false },
      { text: '<b>', hit: true },
    ]);
  });

  it('treats an empty pair of markers as literal characters', () => {
    expect(snippetParts('x «» y')).toEqual([{ text: 'x «» y', hit: false }]);
  });
});
