import type { paths } from '../../client/schema';

type Ok<Operation> = Operation extends { responses: { 200: { content: { 'application/json': infer Body } } } }
  ? Body
  : never;

/** The answer of GET (and PATCH) `/api/conversations/{id}/mcp`. */
export type MCPServerList = Ok<paths['/api/conversations/{id}/mcp']['get']>;
export type ConversationMCPServer = MCPServerList['items'][number];

/** A global server this conversation can switch: one from the settings that the settings leave on. */
export function isSwitchable(server: ConversationMCPServer): boolean {
  return server.source === 'settings' && server.disabled_by !== 'settings';
}

/** The global servers this conversation turned off, as PATCH's `disabled_global` names them. */
export function disabledGlobalNames(servers: readonly ConversationMCPServer[]): string[] {
  return servers
    .filter((server) => server.source === 'settings' && server.disabled_by === 'conversation')
    .map((server) => server.name);
}

/**
 * What turning one global server on or off asks for (`disabled_global`) and what the list looks like
 * until the runtime answers: off at once with no tools, or starting.
 */
export function switchGlobalServer(
  servers: readonly ConversationMCPServer[],
  name: string,
  on: boolean,
): { disabledGlobal: string[]; optimistic: ConversationMCPServer[] } {
  const others = disabledGlobalNames(servers).filter((other) => other !== name);
  const optimistic = servers.map((server): ConversationMCPServer => {
    if (server.name !== name) return server;
    const { disabled_by: _disabledBy, reason: _reason, ...rest } = server;
    return on
      ? { ...rest, state: 'starting', tools: [] }
      : { ...rest, state: 'disabled', disabled_by: 'conversation', tools: [] };
  });
  return { disabledGlobal: on ? others : [...others, name], optimistic };
}
