import { z } from 'zod';

/** A block of text in a message, a thought or an observation. */
export const TextContentSchema = z.strictObject({
  type: z.literal('text'),
  text: z.string(),
});

/** Images by URL (data: URLs included); the UI never loads remote ones without a click. */
export const ImageContentSchema = z.strictObject({
  type: z.literal('image'),
  image_urls: z.array(z.string()),
});

export const ContentSchema = z.discriminatedUnion('type', [TextContentSchema, ImageContentSchema]);

export type TextContent = z.infer<typeof TextContentSchema>;
export type ImageContent = z.infer<typeof ImageContentSchema>;
export type Content = z.infer<typeof ContentSchema>;

/** Shorthand used across the runtime: one text block. */
export function textContent(text: string): TextContent {
  return { type: 'text', text };
}

/** The text of a content list, blocks joined by newlines; images are skipped. */
export function contentText(content: readonly Content[]): string {
  return content
    .filter((block): block is TextContent => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}
