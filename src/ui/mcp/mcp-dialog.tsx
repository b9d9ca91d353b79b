import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleExclamationPoint, Plug } from 'lucide-react';
import { useApi } from '../api/api-context';
import { describeApiError, unwrap } from '../api/describe-api-error';
import { ModalDialog } from '../components/modal-dialog';
import { MCPServerItem } from './mcp-server-item';
import { type MCPServerList, switchGlobalServer } from './switch-global-server';
import './mcp.css';

/**
 * A conversation's MCP servers: whether each runs, why not, the tools it gives the agent, and a switch
 * per global server for this conversation. A switch moves at once and moves back if the runtime refuses.
 */
export function MCPDialog({ conversationId, onClose }: { conversationId: string; onClose: () => void }) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const queryKey = ['conversation', conversationId, 'mcp'];
  const servers = useQuery({
    queryKey,
    queryFn: () =>
      unwrap(client.GET('/api/conversations/{id}/mcp', { params: { path: { id: conversationId } } })),
    select: (data) => data.items,
  });
  const change = useMutation({
    mutationFn: (disabledGlobal: string[]) =>
      unwrap(
        client.PATCH('/api/conversations/{id}/mcp', {
          params: { path: { id: conversationId } },
          body: { disabled_global: disabledGlobal },
        }),
      ),
  });
  const switchServer = async (name: string, on: boolean) => {
    const before = queryClient.getQueryData<MCPServerList>(queryKey);
    if (!before) return;
    const { disabledGlobal, optimistic } = switchGlobalServer(before.items, name, on);
    await queryClient.cancelQueries({ queryKey });
    queryClient.setQueryData<MCPServerList>(queryKey, { items: optimistic });
    change.mutate(disabledGlobal, {
      onSuccess: (answer) => queryClient.setQueryData<MCPServerList>(queryKey, answer),
      onError: () => queryClient.setQueryData<MCPServerList>(queryKey, before),
      onSettled: () => queryClient.invalidateQueries({ queryKey }),
    });
  };
  return (
    <ModalDialog
      title="MCP servers"
      icon={<Plug size={16} />}
      onClose={onClose}
      width={600}
      className="mcp"
      status={
        change.isError ? (
          <div className="notice notice--error" role="alert">
            <CircleExclamationPoint size={16} aria-hidden />
            <span>{change.error.message}</span>
          </div>
        ) : null
      }
    >
      <p className="mcp__intro">
        Tools from MCP servers join the agent's own. Add servers for every conversation in Settings; each call
        is approved like any other action, rated by what its server declares.
      </p>
      {servers.isPending ? <p className="mcp__note">Starting the servers…</p> : null}
      {servers.isError ? (
        <p className="mcp__note" role="alert">
          Could not read the servers: {describeApiError(servers.error)}
        </p>
      ) : null}
      {servers.data && servers.data.length === 0 ? (
        <p className="mcp__note">No MCP servers for this conversation.</p>
      ) : null}
      {servers.data && servers.data.length > 0 ? (
        <ul className="mcp__list">
          {servers.data.map((server) => (
            <MCPServerItem
              key={server.name}
              server={server}
              busy={change.isPending}
              onSwitch={(on) => void switchServer(server.name, on)}
            />
          ))}
        </ul>
      ) : null}
    </ModalDialog>
  );
}
