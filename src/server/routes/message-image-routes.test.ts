import { afterEach, describe, expect, it } from 'vitest';
import { allEvents, call, createConversation } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const dataUrl = (type: string, bytes: number) =>
  `data:${type};base64,${Buffer.alloc(bytes, 9).toString('base64')}`;
const withImages = (...urls: string[]) => ({
  role: 'user',
  content: [
    { type: 'text', text: 'see the picture' },
    { type: 'image', image_urls: urls },
  ],
});

describe('POST /api/conversations/{id}/events with images', () => {
  it('takes a message with a few images over 1 MiB in all and logs them as sent', async () => {
    server = await createTestServer();
    const { id } = await createConversation(server);
    const images = [dataUrl('image/png', 3 * 1024 * 1024), dataUrl('image/webp', 2 * 1024 * 1024)];
    const { status } = await call(server, {
      method: 'POST',
      url: `/api/conversations/${id}/events`,
      payload: withImages(...images),
    });
    expect(status).toBe(200);
    const message = (await allEvents(server, id)).find((event) => event.kind === 'MessageEvent');
    expect(message?.kind === 'MessageEvent' && message.llm_message.content[1]).toEqual({
      type: 'image',
      image_urls: images,
    });
  });

  it.each([
    ['an SVG', dataUrl('image/svg+xml', 10), 'type image/svg+xml; only PNG, JPEG, GIF and WebP'],
    ['a BMP', dataUrl('image/bmp', 10), 'type image/bmp'],
    ['an image over 5 MiB', dataUrl('image/png', 5 * 1024 * 1024 + 1), 'the limit is 5 MiB per image'],
    ['an http address', 'http://example.com/cat.png', 'a data: URL (base64) or an https:// address'],
    ['a file address', 'file:///etc/passwd', 'a data: URL (base64) or an https:// address'],
  ])('refuses %s with a 422 naming the image and why', async (_name, url, why) => {
    server = await createTestServer();
    const { id } = await createConversation(server);
    const { status, body } = await call(server, {
      method: 'POST',
      url: `/api/conversations/${id}/events`,
      payload: withImages(dataUrl('image/png', 10), url),
    });
    expect(status).toBe(422);
    expect(body.detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'content', 1, 'image_urls', 1],
        msg: expect.stringContaining(why),
      }),
    ]);
    expect((await allEvents(server, id)).some((event) => event.kind === 'MessageEvent')).toBe(false);
  });

  it('refuses more than six images in one message', async () => {
    server = await createTestServer();
    const { id } = await createConversation(server);
    const { status, body } = await call(server, {
      method: 'POST',
      url: `/api/conversations/${id}/events`,
      payload: withImages(...Array.from({ length: 7 }, () => dataUrl('image/gif', 10))),
    });
    expect(status).toBe(422);
    expect(body.detail[0].msg).toBe('A message can carry at most 6 images; this one has 7');
  });

  it('refuses a bad image in the first message of a new conversation too', async () => {
    server = await createTestServer();
    const { status, body } = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: { initial_message: withImages(dataUrl('image/svg+xml', 10)) },
    });
    expect(status).toBe(422);
    expect(JSON.stringify(body.detail)).toContain('image/svg+xml');
  });
});
