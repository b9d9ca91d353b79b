/**
 * Runs the works given to it one at a time, in the order given: each starts once the one before has
 * settled, whether it resolved or rejected. The automation service's read-modify-write of an
 * automation (an edit, the scheduler moving its next time) goes through one, so neither writes back
 * what it read before the other's write. Each call's promise settles with its own work's outcome.
 */
export function serialize(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  };
}
