/**
 * Repository content wrapped for the model: a tag saying where it came from and that it is untrusted,
 * and the content unable to close its wrapper (any spelling of the tag inside is defused).
 */
export function untrustedBlock(tag: string, attributes: Record<string, string>, content: string): string {
  const attributeText = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${value.replace(/["<>&]/g, '_')}"`)
    .join('');
  const defused = content.replace(new RegExp(`<\\/?${tag}`, 'gi'), (found) => found.replace('<', '&lt;'));
  return `<${tag}${attributeText} trust="untrusted">\n${defused}\n</${tag}>`;
}
