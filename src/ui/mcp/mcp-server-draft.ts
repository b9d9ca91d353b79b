import type { Settings } from '../api/wire-types';

export type MCPServers = Settings['mcp_servers'];
export type MCPServerConfig = MCPServers[string];

/** The add/edit form's fields as typed: lists one entry per line. */
export interface MCPServerDraft {
  name: string;
  transport: 'stdio' | 'http';
  command: string;
  /** One argument per line. */
  args: string;
  /** `NAME=value`, one per line. */
  env: string;
  url: string;
  /** `Name: value`, one per line. */
  headers: string;
}

export const EMPTY_DRAFT: MCPServerDraft = {
  name: '',
  transport: 'stdio',
  command: '',
  args: '',
  env: '',
  url: '',
  headers: '',
};

const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,40}$/;

export function isStdio(config: MCPServerConfig): config is Extract<MCPServerConfig, { command: string }> {
  return 'command' in config;
}

/** The form for a saved server; secret values stay as the runtime showed them (masked). */
export function draftOf(name: string, config: MCPServerConfig): MCPServerDraft {
  if (isStdio(config))
    return {
      ...EMPTY_DRAFT,
      name,
      command: config.command,
      args: (config.args ?? []).join('\n'),
      env: Object.entries(config.env ?? {})
        .map(([key, value]) => `${key}=${value}`)
        .join('\n'),
    };
  return {
    ...EMPTY_DRAFT,
    name,
    transport: 'http',
    url: config.url,
    headers: Object.entries(config.headers ?? {})
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n'),
  };
}

/**
 * The server a draft describes, keeping the fields the form does not show (timeouts, read-only
 * paths, enabled) from `previous`; or what is wrong with it, in words.
 */
export function configOf(
  draft: MCPServerDraft,
  previous?: MCPServerConfig,
): { ok: true; name: string; config: MCPServerConfig } | { ok: false; error: string } {
  const name = draft.name.trim();
  if (!NAME_PATTERN.test(name))
    return {
      ok: false,
      error: 'Name: use 1 to 40 letters, digits, "_" or "-" (it prefixes the tool names).',
    };
  const kept = {
    ...(previous?.enabled === false ? { enabled: false } : {}),
    ...(previous?.list_timeout_seconds ? { list_timeout_seconds: previous.list_timeout_seconds } : {}),
    ...(previous?.call_timeout_seconds ? { call_timeout_seconds: previous.call_timeout_seconds } : {}),
  };
  if (draft.transport === 'stdio') {
    const command = draft.command.trim();
    if (!command) return { ok: false, error: 'Command: give the program that starts the server.' };
    const env = pairs(draft.env, '=');
    if (!env.ok) return { ok: false, error: `Environment: "${env.bad}" is not NAME=value.` };
    const args = lines(draft.args);
    return {
      ok: true,
      name,
      config: {
        command,
        ...(args.length > 0 ? { args } : {}),
        ...(Object.keys(env.values).length > 0 ? { env: env.values } : {}),
        ...(previous && isStdio(previous) && previous.read_only_paths
          ? { read_only_paths: previous.read_only_paths }
          : {}),
        ...kept,
      },
    };
  }
  const url = draft.url.trim();
  if (!/^https?:\/\/\S+$/.test(url)) return { ok: false, error: 'URL: give an http:// or https:// address.' };
  const headers = pairs(draft.headers, ':');
  if (!headers.ok) return { ok: false, error: `Headers: "${headers.bad}" is not Name: value.` };
  return {
    ok: true,
    name,
    config: { url, ...(Object.keys(headers.values).length > 0 ? { headers: headers.values } : {}), ...kept },
  };
}

/** A one-line description of where the server runs. */
export function describeServer(config: MCPServerConfig): string {
  return isStdio(config) ? [config.command, ...(config.args ?? [])].join(' ') : config.url;
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function pairs(
  text: string,
  separator: string,
): { ok: true; values: Record<string, string> } | { ok: false; bad: string } {
  const values: Record<string, string> = {};
  for (const line of lines(text)) {
    const at = line.indexOf(separator);
    const key = at > 0 ? line.slice(0, at).trim() : '';
    if (!key) return { ok: false, bad: line };
    values[key] = line.slice(at + 1).trim();
  }
  return { ok: true, values };
}
