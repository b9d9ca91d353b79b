/** Milliseconds `run` takes, awaited. */
export async function time(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** `count` timings of `run`, one after the other (never overlapping, so each is alone on the store). */
export async function repeat(count: number, run: (index: number) => unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) samples.push(await time(() => run(index)));
  return samples;
}
