import { isStdioServer, type MCPServerConfig, type MCPServers } from './mcp-server-config';

/** What GET answers instead of a stdio `env` or HTTP `headers` value; sent back in a PATCH it keeps the stored one. */
export const MASKED_MCP_VALUE = '‹hidden›';

/** The servers fit to show: every env and header value replaced by MASKED_MCP_VALUE. */
export function maskMCPServers(servers: MCPServers): MCPServers {
  return Object.fromEntries(
    Object.entries(servers).map(([name, config]) => [name, mapMCPSecrets(config, () => MASKED_MCP_VALUE)]),
  );
}

/**
 * A patch's servers with each MASKED_MCP_VALUE put back to the value stored under the same server
 * and key. Returns the names of masked values that have nothing stored behind them (a new key or a
 * renamed server): the caller refuses the patch rather than storing the mask as a value.
 */
export function unmaskMCPServers(
  patch: MCPServers,
  stored: MCPServers,
): { servers: MCPServers; unknown: string[] } {
  const unknown: string[] = [];
  const servers = Object.fromEntries(
    Object.entries(patch).map(([name, config]) => {
      const before = stored[name];
      const previous = before ? secretsOf(before) : {};
      return [
        name,
        mapMCPSecrets(config, (key, value) => {
          if (value !== MASKED_MCP_VALUE) return value;
          const kept = previous[key];
          if (kept === undefined) unknown.push(`${name}.${key}`);
          return kept ?? value;
        }),
      ];
    }),
  );
  return { servers, unknown };
}

/**
 * Every env and header value, named so a redactor can mask it. The names hold a "-", so no terminal
 * command can spell them as `$NAME` and be handed the value.
 */
export function mcpSecretValues(servers: MCPServers): Array<{ name: string; value: string }> {
  return Object.entries(servers).flatMap(([name, config]) =>
    Object.entries(secretsOf(config))
      .filter(([, value]) => value.length > 0)
      .map(([key, value]) => ({ name: `mcp-${name}-${key}`, value })),
  );
}

function secretsOf(config: MCPServerConfig): Record<string, string> {
  return (isStdioServer(config) ? config.env : config.headers) ?? {};
}

/** A server's config with each env (stdio) or header (HTTP) value replaced. */
export function mapMCPSecrets(
  config: MCPServerConfig,
  replace: (key: string, value: string) => string,
): MCPServerConfig {
  const mapped = (values: Record<string, string> | undefined) =>
    values && Object.fromEntries(Object.entries(values).map(([key, value]) => [key, replace(key, value)]));
  if (isStdioServer(config)) {
    const env = mapped(config.env);
    return env ? { ...config, env } : config;
  }
  const headers = mapped(config.headers);
  return headers ? { ...config, headers } : config;
}
