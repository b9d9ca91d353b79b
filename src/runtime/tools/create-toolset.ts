import { createFileEditorTool } from './file-editor/file-editor-tool';
import { createFinishTool } from './finish-tool';
import { createTaskTrackerTool } from './task-tracker-tool';
import { createTerminalSession } from './terminal/terminal-session';
import { createTerminalTool } from './terminal/terminal-tool';
import { createThinkTool } from './think-tool';
import type { Tool, Toolset } from './tool';

export interface ToolsetOptions {
  conversationId: string;
  workspaceDir: string;
  observationsDir: string;
  /** Run the terminal in bubblewrap when available (default true; env AGENT_WORKBENCH_SANDBOX=0 turns it off). */
  sandbox?: boolean;
  /** How long a command may print nothing before the call returns its partial output (default 30 s). */
  noOutputTimeoutMs?: number;
}

/**
 * The five tools of one conversation. The terminal's shell starts on its first use and lives until
 * `close`; the editor's undo history and the task list live as long as the toolset.
 */
export function createToolset(options: ToolsetOptions): Toolset {
  const terminal = createTerminalTool(
    createTerminalSession({
      workspaceDir: options.workspaceDir,
      ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    }),
    options.noOutputTimeoutMs,
  );
  const tools: readonly Tool[] = [
    terminal,
    createFileEditorTool(),
    createTaskTrackerTool(),
    createThinkTool(),
    createFinishTool(),
  ];
  return {
    tools,
    get: (name) => tools.find((tool) => tool.name === name),
    close: () => terminal.close(),
  };
}
