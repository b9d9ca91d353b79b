import { z } from 'zod';
import type { SecretSealer } from '../secrets/secret-sealer';
import { secretPlaceholder } from '../secrets/secret-placeholder';
import { mapMCPSecrets } from './mask-mcp-servers';
import { type MCPConfig, MCPConfigSchema, type MCPServers } from './mcp-server-config';

/** The stored text: the config with each env and header value as its placeholder, the values sealed apart. */
const StoredMCPConfigSchema = MCPConfigSchema.extend({ sealed: z.string().optional() });
/** Sealed: server name → env or header name → value. */
const SealedValuesSchema = z.record(z.string(), z.record(z.string(), z.string()));

/**
 * A conversation's MCP config as text fit to store: every env and header value replaced by the
 * placeholder the logs use for it (`‹secret:mcp-NAME-KEY›`) and all of them sealed together.
 */
export function toStoredMCPConfig(config: MCPConfig, sealer: SecretSealer): string {
  const values: Record<string, Record<string, string>> = {};
  const servers = mapServers(config.mcpServers, (name, key, value) => {
    values[name] = { ...values[name], [key]: value };
    return secretPlaceholder(`mcp-${name}-${key}`);
  });
  const sealed = Object.keys(values).length > 0 ? sealer.seal(JSON.stringify(values)) : undefined;
  return JSON.stringify({
    ...config,
    ...(servers ? { mcpServers: servers } : {}),
    ...(sealed ? { sealed } : {}),
  });
}

/** The config toStoredMCPConfig stored, values back in place. Throws when it cannot be read or opened. */
export function fromStoredMCPConfig(text: string, sealer: SecretSealer): MCPConfig {
  const { sealed, ...config } = StoredMCPConfigSchema.parse(JSON.parse(text));
  const values = sealed ? SealedValuesSchema.parse(JSON.parse(sealer.open(sealed))) : {};
  const servers = mapServers(config.mcpServers, (name, key) => {
    const value = values[name]?.[key];
    if (value === undefined) throw new Error(`no sealed value for ${name}.${key}`);
    return value;
  });
  return { ...config, ...(servers ? { mcpServers: servers } : {}) };
}

function mapServers(
  servers: MCPServers | undefined,
  replace: (name: string, key: string, value: string) => string,
): MCPServers | undefined {
  if (!servers) return undefined;
  return Object.fromEntries(
    Object.entries(servers).map(([name, server]) => [
      name,
      mapMCPSecrets(server, (key, value) => replace(name, key, value)),
    ]),
  );
}
