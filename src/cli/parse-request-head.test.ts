import { describe, expect, it } from 'vitest';
import { parseRequestHead } from './parse-request-head';

const head = (...lines: string[]) => lines.join('\r\n');

describe('parseRequestHead', () => {
  it('reads the request line and the fields in order, values without surrounding spaces', () => {
    const parsed = parseRequestHead(
      head('GET /api/x?y=1 HTTP/1.1', 'Host: a:1', 'X-A:\t one two  ', 'x-a: 2'),
    );
    expect(parsed).toMatchObject({
      ok: true,
      head: { method: 'GET', target: '/api/x?y=1', version: 'HTTP/1.1' },
    });
    if (!parsed.ok) return;
    expect(parsed.head.fields).toEqual([
      ['Host', 'a:1'],
      ['X-A', 'one two'],
      ['x-a', '2'],
    ]);
    expect(parsed.head.byName.get('x-a')).toBe('one two');
    expect([...parsed.head.repeated]).toEqual(['x-a']);
  });

  it('keeps obs-text bytes in values as they came', () => {
    const parsed = parseRequestHead(head('GET / HTTP/1.1', 'X-Name: caf\xe9'));
    expect(parsed.ok && parsed.head.byName.get('x-name')).toBe('caf\xe9');
  });

  it.each([
    ['a request line of two parts', head('GET /', 'Host: a')],
    ['two spaces in the request line', head('GET  / HTTP/1.1', 'Host: a')],
    ['a space in the target', head('GET /a b HTTP/1.1', 'Host: a')],
    ['a malformed version', head('GET / HTTP/1.1x', 'Host: a')],
    ['a method that is not a token', head('G(T / HTTP/1.1', 'Host: a')],
    ['a bare CR', head('GET / HTTP/1.1', 'Host: a\rX: 1')],
    ['a bare LF', head('GET / HTTP/1.1', 'Host: a\nX: 1')],
    ['a folded line', head('GET / HTTP/1.1', 'X: 1', ' more')],
    ['a line without a colon', head('GET / HTTP/1.1', 'Host a')],
    ['an empty name', head('GET / HTTP/1.1', ': a')],
    ['whitespace before the colon', head('GET / HTTP/1.1', 'Host : a')],
    ['a NUL in a value', head('GET / HTTP/1.1', 'X: a\x00b')],
    ['DEL in a value', head('GET / HTTP/1.1', 'X: a\x7fb')],
    [
      'both Content-Length and Transfer-Encoding',
      head('POST / HTTP/1.1', 'Content-Length: 1', 'Transfer-Encoding: chunked'),
    ],
    ['Content-Length twice, even equal', head('POST / HTTP/1.1', 'Content-Length: 1', 'content-length: 1')],
    ['a signed Content-Length', head('POST / HTTP/1.1', 'Content-Length: +1')],
    ['a list as Content-Length', head('POST / HTTP/1.1', 'Content-Length: 1, 1')],
    ['two Host fields', head('GET / HTTP/1.1', 'Host: a', 'host: b')],
  ])('refuses %s', (_name, text) => {
    expect(parseRequestHead(text).ok).toBe(false);
  });
});
