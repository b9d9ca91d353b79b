import { RiskBadge } from '../components/risk-badge';
import { MCP_STATE_LABELS } from './mcp-state-labels';
import { type ConversationMCPServer, isSwitchable } from './switch-global-server';

/**
 * One server in the conversation's MCP dialog: its state, why it failed, its tools and, for a global
 * server, the switch that turns it on or off for this conversation only.
 */
export function MCPServerItem({
  server,
  busy,
  onSwitch,
}: {
  server: ConversationMCPServer;
  busy: boolean;
  onSwitch: (on: boolean) => void;
}) {
  const on = server.state !== 'disabled';
  return (
    <li className="mcp__server" data-state={server.state} data-testid="mcp-dialog-server">
      <div className="mcp__head">
        <span className="mcp__name">{server.name}</span>
        <span className="mcp__transport">{server.transport === 'http' ? 'HTTP' : 'stdio'}</span>
        <span className={`mcp__state mcp__state--${server.state}`}>{MCP_STATE_LABELS[server.state]}</span>
      </div>
      {isSwitchable(server) ? (
        <label className="mcp__use">
          <input
            type="checkbox"
            role="switch"
            checked={on}
            aria-checked={on}
            disabled={busy}
            onChange={(event) => onSwitch(event.target.checked)}
          />
          <span>
            Use <span className="visually-hidden">{server.name} </span>in this conversation
          </span>
        </label>
      ) : (
        <p className="mcp__origin">
          {server.source === 'conversation'
            ? "This conversation's own server"
            : 'Off in Settings for every conversation'}
        </p>
      )}
      {server.reason ? <p className="mcp__reason">{server.reason}</p> : null}
      {server.tools.length > 0 ? (
        <ul className="mcp__tools" aria-label={`Tools of ${server.name}`}>
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
  );
}
