import type { Content } from '../events';
import { ACCEPTED_IMAGE_TYPES } from './provider-projection-rules';

const UNSUPPORTED_EXTENSIONS: Record<string, string> = {
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  heic: 'image/heic',
  heif: 'image/heif',
  avif: 'image/avif',
};

/**
 * A user's content as the provider will take it: blank text blocks dropped, and each image the
 * provider cannot read (SVG, BMP, a data: URL that is not base64, a URL that is not http(s)) replaced
 * by a short note, so the model knows something was there. `imagesAsNotes` notes every image. The
 * note never repeats the URL: what a person or the agent pasted is not ours to echo.
 */
export function projectUserContent(
  content: readonly Content[],
  providerLabel: string,
  imagesAsNotes: boolean,
): Content[] {
  const projected: Content[] = [];
  for (const block of content) {
    if (block.type === 'text') {
      if (block.text.trim() !== '') projected.push(block);
      continue;
    }
    const kept: string[] = [];
    for (const url of block.image_urls) {
      const verdict = imagesAsNotes ? { ok: false as const, type: 'image' } : judgeImage(url);
      if (verdict.ok) kept.push(verdict.url);
      else projected.push({ type: 'text', text: imageNote(verdict, providerLabel, imagesAsNotes) });
    }
    if (kept.length > 0) projected.push({ type: 'image', image_urls: kept });
  }
  return projected;
}

/** Standard base64 as providers decode it: its alphabet, at most two `=` at the end, not empty. */
export const BASE64_BODY = /^[A-Za-z0-9+/]+={0,2}$/;

export type ImageVerdict = { ok: true; url: string } | { ok: false; type: string; damaged?: true };

/**
 * Whether every provider can read an image URL: `ok` with the URL to send (a `jpg` media type
 * spelled `jpeg`), or the media type that no provider takes (`image` when unknown). Input checks can
 * refuse with it what the projection would otherwise turn into a note.
 */
export function judgeImage(url: string): ImageVerdict {
  const data = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(url);
  if (data) {
    const type = canonicalType(data[1] ?? '');
    const base64 = /;base64$/i.test(data[2] ?? '');
    if (!base64 || !ACCEPTED_IMAGE_TYPES.has(type)) return { ok: false, type };
    // A body that is not plain base64 (a masked secret inside it, say) is refused by every provider.
    if (!BASE64_BODY.test(data[3] ?? '')) return { ok: false, type, damaged: true };
    return { ok: true, url: type === data[1] ? url : `data:${type};base64,${data[3]}` };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, type: 'image' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, type: 'image' };
  const extension = /\.([a-z0-9]+)$/i.exec(parsed.pathname)?.[1]?.toLowerCase() ?? '';
  const unsupported = UNSUPPORTED_EXTENSIONS[extension];
  return unsupported ? { ok: false, type: unsupported } : { ok: true, url };
}

function canonicalType(type: string): string {
  const lower = type.trim().toLowerCase();
  if (lower === 'image/jpg' || lower === 'image/pjpeg') return 'image/jpeg';
  return lower;
}

function imageNote(
  { type, damaged }: { type: string; damaged?: true },
  providerLabel: string,
  imagesAsNotes: boolean,
): string {
  if (imagesAsNotes) return '[An image was attached here; it is left out of this request.]';
  if (damaged) return '[An image was attached here; its data is damaged, so it is left out.]';
  const safe = /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(type) ? type : 'an unknown type';
  return `[An image was attached here (${safe}); ${providerLabel} does not accept that format, so it is left out.]`;
}
