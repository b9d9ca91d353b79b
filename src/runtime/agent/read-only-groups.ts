import type { ActionEvent } from '../events';
import type { Toolset } from '../tools/tool';

/**
 * Splits a reply's actions, in call order, into groups that may run at once: consecutive calls of
 * read-only tools, at most `limit` per group; every other call (anything that may write, and finish,
 * which ends the step) is a group of its own. With `limit` 1 every call is alone.
 */
export function readOnlyGroups(
  actions: readonly ActionEvent[],
  toolset: Toolset,
  limit: number,
): ActionEvent[][] {
  const groups: ActionEvent[][] = [];
  let current: ActionEvent[] = [];
  const close = () => {
    if (current.length > 0) groups.push(current);
    current = [];
  };
  for (const actionEvent of actions) {
    const concurrent =
      actionEvent.action !== null &&
      actionEvent.action.kind !== 'FinishAction' &&
      toolset.get(actionEvent.tool_name)?.readOnly === true;
    if (!concurrent) {
      close();
      groups.push([actionEvent]);
      continue;
    }
    current.push(actionEvent);
    if (current.length >= limit) close();
  }
  close();
  return groups;
}
