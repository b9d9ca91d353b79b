import { z } from 'zod';

/** A server's name: also the prefix of its tools' names, so kept short and plain. */
export const MCPServerNameSchema = z
  .string()
  .regex(/^[a-zA-Z0-9_-]{1,40}$/, 'use 1 to 40 letters, digits, "_" or "-"');

const common = {
  /** Off: kept in the settings but not started. */
  enabled: z.boolean().optional(),
  /** How long starting and listing the tools may take (default 30 s). */
  list_timeout_seconds: z.number().positive().max(600).optional(),
  /** How long one tool call may take before it is cancelled (default 120 s). */
  call_timeout_seconds: z.number().positive().max(3600).optional(),
};

/**
 * A server run as a child process speaking MCP on stdin/stdout, inside the conversation's sandbox.
 * `read_only_paths`: more host paths the sandbox shows read-only (the server's own files when they
 * live outside the system trees; each file the command or an argument names is added by itself, or its
 * `node_modules` folder). None may be, hold or lie inside a hidden path: see serverExposedPaths.
 */
export const MCPStdioServerSchema = z.strictObject({
  command: z.string().min(1).max(1000),
  args: z.array(z.string().max(4000)).max(100).optional(),
  env: z.record(z.string(), z.string()).optional(),
  read_only_paths: z.array(z.string().max(1000)).max(50).optional(),
  ...common,
});

/** A server reached over streamable HTTP. `headers` often carry a token: masked like an API key. */
export const MCPHttpServerSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  headers: z.record(z.string(), z.string()).optional(),
  ...common,
});

export const MCPServerConfigSchema = z.union([MCPStdioServerSchema, MCPHttpServerSchema]);

/** Servers by name, the shape of upstream's `mcp_config.mcpServers`. */
export const MCPServersSchema = z.record(MCPServerNameSchema, MCPServerConfigSchema);

/**
 * A conversation's own servers in upstream's shape (`mcp_config: {mcpServers: {...}}`), given at
 * creation; `disabled_global` (ours) names global servers this conversation does not start.
 */
export const MCPConfigSchema = z.strictObject({
  mcpServers: MCPServersSchema.optional(),
  disabled_global: z.array(MCPServerNameSchema).max(100).optional(),
});

export type MCPConfig = z.infer<typeof MCPConfigSchema>;
export type MCPStdioServer = z.infer<typeof MCPStdioServerSchema>;
export type MCPHttpServer = z.infer<typeof MCPHttpServerSchema>;
export type MCPServerConfig = z.infer<typeof MCPServerConfigSchema>;
export type MCPServers = z.infer<typeof MCPServersSchema>;

export const DEFAULT_LIST_TIMEOUT_MS = 30_000;
export const DEFAULT_CALL_TIMEOUT_MS = 120_000;

export function isStdioServer(config: MCPServerConfig): config is MCPStdioServer {
  return 'command' in config;
}
