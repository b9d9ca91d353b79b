/** Earlier contents of files edited in one conversation, newest last; null means the file did not exist. */
export interface EditHistory {
  record(path: string, previous: string | null): void;
  /** The content before the latest edit, or undefined when nothing is left to undo. */
  takeLatest(path: string): string | null | undefined;
}

export function createEditHistory(): EditHistory {
  const byPath = new Map<string, Array<string | null>>();
  return {
    record(path, previous) {
      const stack = byPath.get(path) ?? [];
      stack.push(previous);
      byPath.set(path, stack);
    },
    takeLatest(path) {
      return byPath.get(path)?.pop();
    },
  };
}
