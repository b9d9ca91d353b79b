import { createTestToolset, type TestToolset } from '../../agent/testing/create-test-toolset';
import type { Tool, Toolset } from '../../tools/tool';

/**
 * Test toolsets whose terminal holds the command `gate` until the test opens the gate (`entered`
 * settles once one is held): a step that is still going, with no clock involved. Other commands run
 * as in createTestToolset.
 */
export function gatedTestToolset() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  const toolsets: TestToolset[] = [];
  const create = (): Toolset => {
    const inner = createTestToolset();
    toolsets.push(inner);
    const terminal = inner.get('terminal') as Tool;
    const gated: Tool = {
      ...terminal,
      async execute(action, context) {
        if (action.kind === 'TerminalAction' && action.command === 'gate') {
          enter();
          await opened;
        }
        return terminal.execute(action, context);
      },
    };
    const tools = inner.tools.map((tool) => (tool.name === 'terminal' ? gated : tool));
    return { ...inner, tools, get: (name) => tools.find((tool) => tool.name === name) };
  };
  return { create, entered, open: () => open(), toolsets };
}
