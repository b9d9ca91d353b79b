import type { ConversationRecord } from '../store/event-store';
import { withClientTools } from '../tools/client/with-client-tools';
import type { SubAgentRunner } from '../tools/task/sub-agent-runner';
import { createTaskTool } from '../tools/task/task-tool';
import { withTaskTool } from '../tools/task/with-task-tool';
import type { Toolset } from '../tools/tool';
import { restrictToolset } from './restrict-toolset';
import { MAX_SUB_AGENT_DEPTH } from './sub-agent-tools';

/**
 * The tools a conversation is offered, around the runtime's own: `task` above the sub-agent depth
 * cap, then only the tools it was created with (upstream's `agent.tools`) when it chose (a sub-agent
 * always chose, MCP tools included), then the front end's own tools (upstream's `client_tools`). The
 * task runner gets the names the conversation is offered without the front end's, the most a child may have.
 */
export function offeredToolset(
  base: Toolset,
  record: ConversationRecord | undefined,
  taskRunner: (parentTools: () => string[]) => SubAgentRunner,
): Toolset {
  const mayDelegate = (record?.parent?.depth ?? 0) < MAX_SUB_AGENT_DEPTH;
  const own: Toolset = restrictToolset(
    withTaskTool(
      base,
      mayDelegate ? createTaskTool(taskRunner(() => own.tools.map((tool) => tool.name))) : undefined,
    ),
    record?.tools,
    { subAgent: record?.parent !== undefined },
  );
  return withClientTools(own, record?.client_tools);
}
