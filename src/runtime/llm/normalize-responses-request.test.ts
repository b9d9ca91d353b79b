import { describe, expect, it } from 'vitest';
import { normalizeResponsesBody } from './normalize-responses-request';

const normalized = (body: unknown) => JSON.parse(normalizeResponsesBody(JSON.stringify(body)));

describe('normalizeResponsesBody', () => {
  it('removes the encrypted reasoning include, and the include list when nothing else is in it', async () => {
    expect(normalized({ model: 'gpt-5', store: false, include: ['reasoning.encrypted_content'] })).toEqual({
      model: 'gpt-5',
      store: false,
    });
    expect(normalized({ include: ['reasoning.encrypted_content', 'message.output_text.logprobs'] })).toEqual({
      include: ['message.output_text.logprobs'],
    });
  });

  it('sends an assistant text replay as a plain string content', async () => {
    const body = {
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
        {
          role: 'assistant',
          content: [
            { type: 'output_text', text: 'Hello' },
            { type: 'output_text', text: '!' },
          ],
        },
        { type: 'function_call', call_id: 'c', name: 'terminal', arguments: '{}' },
      ],
    };
    expect(normalized(body).input).toEqual([
      body.input[0],
      { role: 'assistant', content: 'Hello!' },
      body.input[2],
    ]);
  });

  it('gives images the default detail the schema requires', async () => {
    const image = { type: 'input_image', image_url: 'data:image/png;base64,AAAA' };
    const body = {
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'see' }, image, { ...image, detail: 'low' }] },
      ],
    };
    expect(normalized(body).input[0].content).toEqual([
      { type: 'input_text', text: 'see' },
      { ...image, detail: 'auto' },
      { ...image, detail: 'low' },
    ]);
  });

  it('leaves other bodies byte for byte alone', async () => {
    const stored = { role: 'assistant', id: 'msg_1', status: 'completed', type: 'message', content: [] };
    for (const body of [
      '{"model":"gpt-5"}',
      '{"include":["file_search_call.results"]}',
      JSON.stringify({ input: [{ role: 'assistant', content: 'Hi' }, stored] }),
      'not json',
      '[1]',
    ]) {
      expect(normalizeResponsesBody(body)).toBe(body);
    }
  });
});
