/** The little of a Markdown syntax tree (mdast) this plugin reads and writes. */
interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
}

/** Parents whose children are blocks: raw HTML there becomes a paragraph of its own. */
const FLOW_PARENTS = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/**
 * A remark plugin that shows raw HTML as the literal text it is. It is never parsed into elements
 * (a transcript is untrusted), and dropping it instead would silently change what was said: "why does
 * <div> collapse?" would read "why does collapse?".
 */
export function remarkRawHtmlAsText() {
  return (tree: MarkdownNode) => {
    showRawHtml(tree);
  };
}

function showRawHtml(parent: MarkdownNode): void {
  const children = parent.children;
  if (!children) return;
  children.forEach((child, index) => {
    if (child.type !== 'html') {
      showRawHtml(child);
      return;
    }
    const text: MarkdownNode = { type: 'text', value: child.value ?? '' };
    children[index] = FLOW_PARENTS.has(parent.type) ? { type: 'paragraph', children: [text] } : text;
  });
}
