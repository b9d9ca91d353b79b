/** The little of an HTML syntax tree (hast) this reads. */
interface HtmlNode {
  type: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HtmlNode[];
}

const SECRET_PILL_TITLE = /^Secret hidden: (.+)$/;

/**
 * The text of a rendered code block as it was written: highlighting spans flattened, and each
 * "secret hidden" pill (see rehypeSecretPills) put back as the `‹secret:NAME›` placeholder it shows,
 * so a copy never carries the pill's label in place of the code.
 */
export function codeBlockText(node: HtmlNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  const className = node.properties?.className;
  const title = node.properties?.title;
  if (Array.isArray(className) && className.includes('secret-pill') && typeof title === 'string') {
    const name = SECRET_PILL_TITLE.exec(title)?.[1];
    if (name) return `‹secret:${name}›`;
  }
  return (node.children ?? []).map(codeBlockText).join('');
}
