import { describe, expect, it } from 'vitest';
import { contentImageProblems, imageUrlProblem, MESSAGE_IMAGE_MAX_BYTES } from './message-image-rules';

const dataUrl = (type: string, bytes: number) =>
  `data:${type};base64,${Buffer.alloc(bytes, 7).toString('base64')}`;

describe('imageUrlProblem', () => {
  it('accepts the four types both providers take, as base64 data URLs up to the cap', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'IMAGE/PNG']) {
      expect(imageUrlProblem(dataUrl(type, 100))).toBeUndefined();
    }
    expect(imageUrlProblem(dataUrl('image/png', MESSAGE_IMAGE_MAX_BYTES))).toBeUndefined();
    expect(imageUrlProblem('https://example.com/a.png')).toBeUndefined();
  });

  it('names the refused type', () => {
    expect(imageUrlProblem(dataUrl('image/svg+xml', 10))).toBe(
      'The image has type image/svg+xml; only PNG, JPEG, GIF and WebP images can be sent to a model',
    );
    expect(imageUrlProblem(dataUrl('image/bmp', 10))).toContain('type image/bmp');
    expect(imageUrlProblem('data:;base64,AAAA')).toContain('no media type');
  });

  it('refuses an image one byte over the cap, saying the size and the limit', () => {
    expect(imageUrlProblem(dataUrl('image/png', MESSAGE_IMAGE_MAX_BYTES + 1))).toBe(
      'The image is 5.1 MiB; the limit is 5 MiB per image',
    );
    expect(imageUrlProblem(dataUrl('image/png', 6 * 1024 * 1024))).toBe(
      'The image is 6 MiB; the limit is 5 MiB per image',
    );
  });

  it('refuses data URLs that are not base64 and addresses of other schemes than https', () => {
    expect(imageUrlProblem('data:image/png,rawbytes')).toContain('base64');
    for (const url of ['http://example.com/a.png', 'file:///etc/passwd', 'javascript:alert(1)', 'a.png']) {
      expect(imageUrlProblem(url)).toBe('An image must be a data: URL (base64) or an https:// address');
    }
  });
});

describe('contentImageProblems', () => {
  it('points at each bad image and counts the images of the whole message', () => {
    const good = dataUrl('image/png', 10);
    const problems = contentImageProblems([
      { type: 'text', text: 'look' },
      { type: 'image', image_urls: [good, dataUrl('image/svg+xml', 10)] },
      { type: 'image', image_urls: [good, good, good, good, good] },
    ]);
    expect(problems.map((problem) => problem.path)).toEqual([[], [1, 'image_urls', 1]]);
    expect(problems[0]?.message).toBe('A message can carry at most 6 images; this one has 7');
  });
});
