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

/**
 * Content as clients may send it. Upstream's TextContent and ImageContent also carry `cache_prompt`
 * (a provider caching hint) and, in old payloads, `enable_truncation`. We accept both and drop them:
 * nothing here uses them, and the stored event keeps the strict shape above.
 */
export const ContentInputSchema = z
  .discriminatedUnion('type', [
    TextContentSchema.extend({
      cache_prompt: z.boolean().optional(),
      enable_truncation: z.boolean().optional(),
    }),
    ImageContentSchema.extend({ cache_prompt: z.boolean().optional() }),
  ])
  .transform(({ cache_prompt: _cache, ...rest }): Content => {
    if (rest.type === 'image') return { type: 'image', image_urls: rest.image_urls };
    return { type: 'text', text: rest.text };
  });

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
