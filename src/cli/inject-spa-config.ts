/** What the SPA reads from window.__AGENT_WORKBENCH__ (NAMES.md "SPA config"). */
export interface SpaConfig {
  sessionKey: string;
  defaultWorkspace: string;
}

/**
 * JSON that is safe inside an inline <script>: no '<' (so no '</script>' or '<!--'), no '>' or '&',
 * and no U+2028/U+2029 line separators.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Puts the config script first in <head> so it runs before any module script of the app. */
export function injectSpaConfig(html: string, config: SpaConfig): string {
  const script = `<script>window.__AGENT_WORKBENCH__=${scriptSafeJson(config)}</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) {
    const at = head.index + head[0].length;
    return html.slice(0, at) + script + html.slice(at);
  }
  return script + html;
}
