import type { Content } from '../events';

/**
 * What a message's images may be. The four types are the ones both OpenAI and Anthropic accept, so
 * a switch of provider never strands a picture in the log; 5 MiB is Anthropic's cap per image. The
 * browser checks the same figures (src/ui/attachments/attachment-rules.ts) so the person hears it
 * before sending; this is the rule that holds.
 */
export const MESSAGE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const MESSAGE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MESSAGE_IMAGE_MAX_COUNT = 6;
/**
 * The body of POST /api/conversations/{id}/events: every image at its cap, base64 (4/3), plus room
 * for the text. The ingress allows the same for that path (src/cli/start-ingress.ts).
 */
export const MESSAGE_BODY_LIMIT_BYTES =
  Math.ceil((MESSAGE_IMAGE_MAX_COUNT * MESSAGE_IMAGE_MAX_BYTES * 4) / 3) + 2 * 1024 * 1024;

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/i;

/** Why one image URL is refused, in words a person can act on; undefined when it is fine. */
export function imageUrlProblem(url: string): string | undefined {
  const match = DATA_URL.exec(url);
  if (match) {
    const mediaType = (match[1] ?? '').trim().toLowerCase();
    if (!(MESSAGE_IMAGE_TYPES as readonly string[]).includes(mediaType)) {
      const named = mediaType === '' ? 'no media type' : `type ${mediaType.slice(0, 60)}`;
      return `The image has ${named}; only PNG, JPEG, GIF and WebP images can be sent to a model`;
    }
    const parameters = (match[2] ?? '').toLowerCase().split(';');
    if (!parameters.includes('base64')) return 'The image data URL must be base64-encoded (";base64,")';
    const bytes = base64Bytes(
      url.length - match[0].length,
      url.endsWith('==') ? 2 : url.endsWith('=') ? 1 : 0,
    );
    if (bytes > MESSAGE_IMAGE_MAX_BYTES) {
      return `The image is ${mebibytes(bytes)} MiB; the limit is ${mebibytes(MESSAGE_IMAGE_MAX_BYTES)} MiB per image`;
    }
    return undefined;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme !== 'https') {
    return 'An image must be a data: URL (base64) or an https:// address';
  }
  return undefined;
}

/** Problems of a message's content, each with the path of the offending field (for the 422). */
export function contentImageProblems(
  content: readonly Content[],
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  let count = 0;
  content.forEach((block, blockIndex) => {
    if (block.type !== 'image') return;
    block.image_urls.forEach((url, urlIndex) => {
      count += 1;
      const problem = imageUrlProblem(url);
      if (problem) problems.push({ path: [blockIndex, 'image_urls', urlIndex], message: problem });
    });
  });
  if (count > MESSAGE_IMAGE_MAX_COUNT) {
    problems.unshift({
      path: [],
      message: `A message can carry at most ${MESSAGE_IMAGE_MAX_COUNT} images; this one has ${count}`,
    });
  }
  return problems;
}

/** Decoded size of `length` base64 characters ending in `padding` `=` signs. */
function base64Bytes(length: number, padding: number): number {
  return Math.floor((length * 3) / 4) - padding;
}

/** Rounded up to a tenth, so an image just over the cap never reads as the cap itself. */
function mebibytes(bytes: number): string {
  return String(Math.ceil((bytes / (1024 * 1024)) * 10) / 10);
}
