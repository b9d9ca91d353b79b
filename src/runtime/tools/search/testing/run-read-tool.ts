import { contentText, type Observation } from '../../../events';
import type { EditorHarness } from '../../file-editor/testing/create-editor-harness';
import type { Tool, ToolContext } from '../../tool';

export type ToolResult = Observation & { text: string };

/** Parses `args` as the model would send them and runs the tool in the harness's workspace. */
export async function runReadTool(
  tool: Tool,
  harness: EditorHarness,
  args: Record<string, unknown>,
  context: Partial<ToolContext> = {},
): Promise<ToolResult> {
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.error);
  const observation = await tool.execute(parsed.action, {
    conversationId: 'c1',
    workspaceDir: harness.workspaceDir,
    observationsDir: harness.observationsDir,
    readOnlyRoots: [harness.observationsDir],
    signal: new AbortController().signal,
    ...context,
  });
  return { ...observation, text: contentText(observation.content) };
}
