import { describe, expect, it } from 'vitest';
import { escapeControlCharactersInStrings, parseArgumentsJson } from './parse-arguments-json';

describe('parseArgumentsJson', () => {
  it('parses well-formed JSON objects', () => {
    expect(parseArgumentsJson('{"command":"ls"}')).toEqual({ ok: true, value: { command: 'ls' } });
  });

  it('repairs raw newlines and tabs inside strings', () => {
    const raw = '{"file_text":"line one\nline\ttwo"}';
    expect(parseArgumentsJson(raw)).toEqual({ ok: true, value: { file_text: 'line one\nline\ttwo' } });
  });

  it('leaves whitespace between tokens alone when repairing', () => {
    expect(escapeControlCharactersInStrings('{\n  "a": "x\ny"\n}')).toBe('{\n  "a": "x\\ny"\n}');
  });

  it('keeps escaped quotes inside strings when repairing', () => {
    expect(parseArgumentsJson('{"a":"say \\"hi\\"\nnow"}')).toEqual({
      ok: true,
      value: { a: 'say "hi"\nnow' },
    });
  });

  it('treats empty argument text as no arguments', () => {
    expect(parseArgumentsJson('  ')).toEqual({ ok: true, value: {} });
  });

  it('reports unparseable JSON as an error', () => {
    const result = parseArgumentsJson('{"command": "ls"');
    expect(result.ok).toBe(false);
  });

  it('refuses JSON that is not an object', () => {
    expect(parseArgumentsJson('[1,2]')).toEqual({ ok: false, error: 'the arguments must be a JSON object' });
  });
});
