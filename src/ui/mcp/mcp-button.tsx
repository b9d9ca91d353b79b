import { Plug } from 'lucide-react';
import { useState } from 'react';
import { MCPDialog } from './mcp-dialog';

/** The header's way to the conversation's MCP servers and their tools. */
export function MCPButton({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="mcp-button"
        onClick={() => setOpen(true)}
        aria-label="MCP servers"
        title="The MCP servers of this conversation and their tools"
      >
        <Plug size={14} aria-hidden />
      </button>
      {open ? <MCPDialog conversationId={conversationId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
