/** What providers accept as a function name. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The name the model sees for a server's tool: `<server>__<tool>`, other characters turned into `_`,
 * cut to 64, and made unique among `taken` with a numeric suffix. A server names its tools as it
 * likes, so nothing of it reaches a provider unchecked.
 */
export function mcpToolName(server: string, tool: string, taken: ReadonlySet<string>): string {
  const base = `${server}__${tool}`.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'mcp_tool';
  if (!taken.has(base)) return base;
  for (let index = 2; ; index += 1) {
    const suffix = `_${index}`;
    const candidate = `${base.slice(0, 64 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export function isValidToolName(name: string): boolean {
  return TOOL_NAME.test(name);
}
