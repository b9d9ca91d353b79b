/**
 * The strongly connected components of a directed graph with more than one node (or a node that
 * reaches itself), each sorted, in the order of their smallest node. Tarjan's algorithm.
 */
export function findCircles(nodes: Iterable<string>, next: (node: string) => readonly string[]): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        connect(target);
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, lowLink.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || next(node).includes(node)) circles.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return circles.sort((left, right) => (left[0] ?? '').localeCompare(right[0] ?? ''));
}

/** The shortest way from `start` back to itself inside `members`, start first and not repeated. */
export function shortestLoop(
  start: string,
  members: ReadonlySet<string>,
  next: (node: string) => readonly string[],
): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as string;
    for (const target of next(node)) {
      if (!members.has(target)) continue;
      if (target === start) {
        const loop = [node];
        for (let step = cameFrom.get(node); step !== undefined; step = cameFrom.get(step)) loop.unshift(step);
        return loop[0] === start ? loop : [start, ...loop];
      }
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      queue.push(target);
    }
  }
  return [start];
}
