/**
 * The file name a Content-Disposition header gives: the RFC 5987 `filename*=UTF-8''…` form when
 * present (it carries non-ASCII names), else the quoted or bare `filename=`, else `fallback`. Path
 * separators are replaced, so a name can never point outside the downloads folder.
 */
export function exportFilename(contentDisposition: string | null, fallback: string): string {
  if (!contentDisposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition)?.[1];
  const decoded = extended ? safeDecode(extended.trim()) : undefined;
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(contentDisposition);
  const name = decoded ?? plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  const cleaned = name?.replace(/[/\\]/g, '_').trim();
  return cleaned ? cleaned : fallback;
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
