import { splitSecrets } from '../components/split-secrets';
import '../components/secret-pill.css';

/** The little of an HTML syntax tree (hast) this plugin reads and writes. */
interface HtmlNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, string | string[]>;
  children?: HtmlNode[];
}

/**
 * A rehype plugin that shows each masked secret (`‹secret:NAME›`) as a "secret hidden" pill titled
 * with its name, the same as SecretText does outside Markdown. It only splits text nodes, so the
 * Markdown structure (code, links, lists) is untouched; it runs after highlighting, and a placeholder
 * that highlighting split across tokens stays readable as text.
 */
export function rehypeSecretPills() {
  return (tree: HtmlNode) => {
    replaceInChildren(tree);
  };
}

function replaceInChildren(parent: HtmlNode): void {
  const children = parent.children;
  if (!children) return;
  parent.children = children.flatMap((child) => {
    if (child.type !== 'text') {
      replaceInChildren(child);
      return [child];
    }
    const pieces = splitSecrets(child.value ?? '');
    if (pieces.length === 1 && typeof pieces[0] === 'string') return [child];
    return pieces.map(
      (piece): HtmlNode =>
        typeof piece === 'string'
          ? { type: 'text', value: piece }
          : {
              type: 'element',
              tagName: 'span',
              properties: { className: ['secret-pill'], title: `Secret hidden: ${piece.secret}` },
              children: [{ type: 'text', value: 'secret hidden' }],
            },
    );
  });
}
