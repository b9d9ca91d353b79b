/**
 * One run of the loop (or an on-demand condensation) in the conversation's run slot. An interrupt
 * that stops waiting for it (a tool or model ignoring the abort) fences it: the interrupt has
 * answered its actions, so anything the run still tries to record would be a second answer or a
 * step after `paused`, and is refused.
 */
export interface Run {
  controller: AbortController;
  fenced: boolean;
}

export function newRun(): Run {
  return { controller: new AbortController(), fenced: false };
}

/** Thrown into a fenced run when it tries to record something; ends that run quietly. */
export class FencedRunError extends Error {
  constructor() {
    super('this run was interrupted and may no longer record events');
  }
}

/** `act`, unless the run was fenced by then. */
export function guarded<A extends unknown[], R>(current: Run, act: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    if (current.fenced) throw new FencedRunError();
    return act(...args);
  };
}

/** True when `promise` settles within `ms`; the timer does not outlive the answer. */
export async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
