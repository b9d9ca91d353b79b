const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `task` after every task queued earlier under the same key has settled (in this process), so
 * two operations on one shadow repository never race for its index.
 */
export function runExclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const result = previous.then(task, task);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return result;
}
