import type { Content } from '../api/wire-types';

/** The text blocks of a content list joined by blank lines; images are rendered apart. */
export function contentText(content: readonly Content[] | undefined): string {
  return (content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n');
}

/** Image URLs in a content list (each shown as a click-to-load placeholder). */
export function contentImages(content: readonly Content[] | undefined): string[] {
  return (content ?? []).flatMap((block) => (block.type === 'image' ? block.image_urls : []));
}
