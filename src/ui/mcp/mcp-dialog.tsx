import { useQuery } from '@tanstack/react-query';
import { Plug } from 'lucide-react';
import { useApi } from '../api/api-context';
import { describeApiError, unwrap } from '../api/describe-api-error';
import { ModalDialog } from '../components/modal-dialog';
import { RiskBadge } from '../conversation/risk-badge';
import { MCP_STATE_LABELS } from './mcp-state-labels';
import './mcp.css';

/** A conversation's MCP servers: whether each runs, why not, and the tools it gives the agent. */
export function MCPDialog({ conversationId, onClose }: { conversationId: string; onClose: () => void }) {
  const { client } = useApi();
  const servers = useQuery({
    queryKey: ['conversation', conversationId, 'mcp'],
    queryFn: () =>
      unwrap(client.GET('/api/conversations/{id}/mcp', { params: { path: { id: conversationId } } })),
    select: (data) => data.items,
  });
  return (
    <ModalDialog title="MCP servers" icon={<Plug size={16} />} onClose={onClose} width={600} className="mcp">
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
            <li key={server.name} className="mcp__server" data-state={server.state}>
              <div className="mcp__head">
                <span className="mcp__name">{server.name}</span>
                <span className="mcp__transport">{server.transport === 'http' ? 'HTTP' : 'stdio'}</span>
                <span className={`mcp__state mcp__state--${server.state}`}>
                  {MCP_STATE_LABELS[server.state]}
                </span>
              </div>
              {server.reason ? <p className="mcp__reason">{server.reason}</p> : null}
              {server.tools.length > 0 ? (
                <ul className="mcp__tools">
                  {server.tools.map((tool) => (
                    <li key={tool.model_name} className="mcp__tool">
                      <div className="mcp__tool-head">
                        <code className="mcp__tool-name">{tool.model_name}</code>
                        <RiskBadge risk={tool.risk} />
                      </div>
                      {tool.description ? (
                        <p className="mcp__tool-description" title={tool.description}>
                          {tool.description}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </ModalDialog>
  );
}
