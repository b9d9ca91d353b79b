import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_LIST_TIMEOUT_MS,
  isStdioServer,
  type MCPServerConfig,
} from './mcp-server-config';
import type { MCPCallResult } from './mcp-result-content';
import type { PipedProcess, PipedRequest } from '../sandbox/piped-process';
import { pipedProcessTransport } from './piped-process-transport';
import { type ServerLaunchOptions, sandboxedServerLaunch } from './sandboxed-server-launch';

/** One tool as the server listed it (untrusted: names, descriptions and schemas come from the server). */
export interface MCPListedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { read_only?: boolean; destructive?: boolean } | undefined;
}

export type MCPCallOutcome =
  | { kind: 'result'; result: MCPCallResult }
  | { kind: 'timed_out'; timeoutMs: number }
  | { kind: 'aborted' }
  | { kind: 'failed'; reason: string };

export interface MCPConnection {
  readonly tools: readonly MCPListedTool[];
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<MCPCallOutcome>;
  /** Why the server is gone (it exited or the connection broke); undefined while it is up. */
  lost(): string | undefined;
  close(): Promise<void>;
}

/**
 * Where a stdio server runs: everything of the launch but the command itself; with `startPiped` (a
 * docker conversation's container) it starts there instead of through bubblewrap on this host.
 */
export type StdioSandbox = Omit<ServerLaunchOptions, 'command' | 'args' | 'env' | 'readOnlyPaths'> & {
  startPiped?: (request: PipedRequest) => Promise<PipedProcess>;
};

export class MCPStartError extends Error {}

const MAX_STDERR_CHARS = 2_000;
const MAX_TOOL_PAGES = 20;
const MAX_DESCRIPTION_CHARS = 4_000;

/**
 * Starts (stdio, in the sandbox) or reaches (streamable HTTP) one MCP server and lists its tools
 * within the server's list timeout. Throws MCPStartError with a reason a person can act on; whatever
 * was started is closed first.
 */
export async function connectMCPServer(
  name: string,
  config: MCPServerConfig,
  sandbox: StdioSandbox,
): Promise<MCPConnection> {
  const listTimeoutMs = (config.list_timeout_seconds ?? 0) * 1000 || DEFAULT_LIST_TIMEOUT_MS;
  const callTimeoutMs = (config.call_timeout_seconds ?? 0) * 1000 || DEFAULT_CALL_TIMEOUT_MS;
  let stderr = '';
  let lostReason: string | undefined;
  const transport = makeTransport(name, config, sandbox, (chunk) => {
    stderr = (stderr + chunk).slice(-MAX_STDERR_CHARS);
  });
  const client = new Client({ name: 'agent-workbench', version: '0.1.0' }, { capabilities: {} });
  client.onclose = () => {
    lostReason ??= `the server "${name}" stopped${stderrTail(stderr)}`;
  };
  client.onerror = () => undefined; // a broken message is reported by the request it broke
  const abandon = new AbortController();
  const timer = setTimeout(() => abandon.abort(), listTimeoutMs);
  try {
    await withAbort(
      client.connect(transport, { timeout: listTimeoutMs, signal: abandon.signal }),
      abandon.signal,
    );
    const tools = await listAllTools(client, { timeout: listTimeoutMs, signal: abandon.signal });
    return {
      tools,
      lost: () => lostReason,
      call: (tool, args, signal) =>
        callTool(client, tool, args, { timeoutMs: callTimeoutMs, signal }, () => lostReason),
      close: async () => {
        lostReason ??= 'closed';
        await client.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
    const why = abandon.signal.aborted
      ? `did not answer within ${listTimeoutMs / 1000} s`
      : describeError(error);
    throw new MCPStartError(`The MCP server "${name}" could not be started: ${why}${stderrTail(stderr)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Throws MCPStartError when the sandbox refuses the server's paths (nothing is started then). */
function makeTransport(
  name: string,
  config: MCPServerConfig,
  sandbox: StdioSandbox,
  onStderr: (text: string) => void,
): Transport {
  if (isStdioServer(config) && sandbox.startPiped !== undefined) {
    const startPiped = sandbox.startPiped;
    // The container's own HOME and PATH: only the configured variables go in (never the runtime's).
    return pipedProcessTransport(
      () => startPiped({ argv: [config.command, ...(config.args ?? [])], env: config.env ?? {} }),
      onStderr,
    );
  }
  if (isStdioServer(config)) {
    const launch = sandboxedServerLaunch({
      ...sandbox,
      command: config.command,
      args: config.args ?? [],
      env: { ...getDefaultEnvironment(), ...(config.env ?? {}) },
      readOnlyPaths: config.read_only_paths ?? [],
    });
    if ('refused' in launch)
      throw new MCPStartError(`The MCP server "${name}" could not be started: ${launch.refused}`);
    const transport = new StdioClientTransport({ ...launch, stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => onStderr(chunk.toString('utf8')));
    return transport;
  }
  return new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: config.headers ?? {} },
  });
}

async function listAllTools(
  client: Client,
  options: { timeout: number; signal: AbortSignal },
): Promise<MCPListedTool[]> {
  const tools: MCPListedTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
    const answer = await withAbort(client.listTools(cursor ? { cursor } : {}, options), options.signal);
    for (const tool of answer.tools) {
      const hints = tool.annotations;
      const readOnly = typeof hints?.readOnlyHint === 'boolean' ? hints.readOnlyHint : undefined;
      const destructive = typeof hints?.destructiveHint === 'boolean' ? hints.destructiveHint : undefined;
      tools.push({
        name: tool.name,
        description: (tool.description ?? tool.title ?? '').slice(0, MAX_DESCRIPTION_CHARS),
        inputSchema: tool.inputSchema as Record<string, unknown>,
        annotations:
          readOnly === undefined && destructive === undefined
            ? undefined
            : {
                ...(readOnly === undefined ? {} : { read_only: readOnly }),
                ...(destructive === undefined ? {} : { destructive }),
              },
      });
    }
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

async function callTool(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  options: { timeoutMs: number; signal: AbortSignal },
  lost: () => string | undefined,
): Promise<MCPCallOutcome> {
  const gone = lost();
  if (gone !== undefined)
    return {
      kind: 'failed',
      reason: `${gone}; its tools cannot be called until the conversation is loaded again.`,
    };
  try {
    const result = await client.callTool({ name: tool, arguments: args }, undefined, {
      timeout: options.timeoutMs,
      signal: options.signal,
    });
    return { kind: 'result', result: result as MCPCallResult };
  } catch (error) {
    if (options.signal.aborted) return { kind: 'aborted' };
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      return { kind: 'timed_out', timeoutMs: options.timeoutMs };
    }
    const after = lost();
    return { kind: 'failed', reason: after ?? describeError(error) };
  }
}

/** The SDK's connect does not always watch its signal: settle on abort whatever the promise does. */
function withAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^MCP error -?\d+: /, '').slice(0, 500) || 'unknown error';
}

function stderrTail(stderr: string): string {
  const tail = stderr.trim().split('\n').slice(-5).join('\n').trim();
  return tail === '' ? '' : ` (its last output: ${tail})`;
}
