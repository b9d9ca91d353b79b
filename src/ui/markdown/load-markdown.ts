import type { ComponentType } from 'react';
import type { MarkdownNeeds } from './markdown-needs';
import type { HighlightPlugin, MarkdownRendererProps } from './markdown-renderer';

/** What the chunks provide once loaded. */
export interface MarkdownParts {
  Renderer: ComponentType<MarkdownRendererProps>;
  highlight?: HighlightPlugin;
}

/**
 * The Markdown and highlighting chunks, each fetched once for the whole page and kept. `loaded` is
 * synchronous, so a message rendered after the chunks arrived shows Markdown at once, with no plain
 * first frame. A failed fetch (a dropped connection) is forgotten, so the next message tries again.
 */
let renderer: MarkdownParts['Renderer'] | undefined;
let highlight: HighlightPlugin | undefined;
let rendererLoad: Promise<unknown> | undefined;
let highlightLoad: Promise<unknown> | undefined;

/** The parts `needs` asks for, when all are loaded; else undefined. */
export function loadedMarkdownParts(needs: MarkdownNeeds): MarkdownParts | undefined {
  if (!renderer || (needs.highlight && !highlight)) return undefined;
  return { Renderer: renderer, highlight: needs.highlight ? highlight : undefined };
}

/** Fetches what `needs` asks for (both chunks in parallel); resolves when all are there. */
export function loadMarkdownParts(needs: MarkdownNeeds): Promise<MarkdownParts> {
  rendererLoad ??= import('./markdown-renderer').then(
    (module) => {
      renderer = module.MarkdownRenderer;
    },
    (error: unknown) => {
      rendererLoad = undefined;
      throw error;
    },
  );
  if (needs.highlight) {
    highlightLoad ??= import('./highlight-plugin').then(
      (module) => {
        highlight = module.highlightPlugin;
      },
      (error: unknown) => {
        highlightLoad = undefined;
        throw error;
      },
    );
  }
  return Promise.all([rendererLoad, needs.highlight ? highlightLoad : undefined]).then(() => {
    const parts = loadedMarkdownParts(needs);
    if (!parts) throw new Error('The Markdown chunks loaded without their exports.');
    return parts;
  });
}
