import { describe, expect, it } from 'vitest';
import { markedPaths } from './marked-paths';

/** A look that waits until the test lets it finish, recording what was looked at and how. */
function slowLooks() {
  const seen: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const gates: (() => void)[] = [];
  const look = async (path: string, renamed: boolean) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    seen.push(`${path}${renamed ? ' (renamed)' : ''}`);
    await new Promise<void>((resolve) => gates.push(resolve));
    inFlight -= 1;
  };
  const finishAll = async () => {
    while (gates.length > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const finishOne = () => gates.shift()?.();
  return { look, seen, finishAll, finishOne, mostInFlight: () => mostInFlight, inFlight: () => inFlight };
}

/** Marked paths over `looks`, whose root needs no look. */
function quietRoot(looks: ReturnType<typeof slowLooks>, limit: number) {
  return markedPaths({
    look: looks.look,
    lookAtRoot: async () => undefined,
    stopped: () => false,
    onError: () => undefined,
    limit,
  });
}

describe('markedPaths', () => {
  it('looks at one path at a time, each once however often it was marked, in the order first marked', async () => {
    const looks = slowLooks();
    let rootLooks = 0;
    const marked = markedPaths({
      look: looks.look,
      lookAtRoot: async () => {
        rootLooks += 1;
      },
      stopped: () => false,
      onError: () => undefined,
      limit: 100,
    });
    for (let round = 0; round < 1_000; round++) {
      marked.mark('/w/a', false, false);
      marked.mark('/w/b', round === 500, true);
    }
    const all = marked.lookedAtAll();
    await looks.finishAll();
    await all;
    expect(looks.mostInFlight()).toBe(1);
    // /w/a was being looked at when marked again, so it comes once more after /w/b.
    expect(looks.seen).toEqual(['/w/a', '/w/b (renamed)', '/w/a']);
    expect(rootLooks).toBeGreaterThanOrEqual(1);
  });

  it('a settle waits only for what was marked before it', async () => {
    const looks = slowLooks();
    const marked = quietRoot(looks, 100);
    marked.mark('/w/first', false, false);
    let settled = false;
    const first = marked.lookedAtAll().then(() => {
      settled = true;
    });
    marked.mark('/w/second', false, false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    // Only the first look finishes: the settle asked before /w/second was marked is done, while
    // /w/second is still being looked at.
    looks.finishOne();
    await first;
    expect(settled).toBe(true);
    expect(looks.seen).toEqual(['/w/first', '/w/second']);
    expect(looks.inFlight()).toBe(1);
    await looks.finishAll();
  });

  it("a settle waits for the root's look when an event named the root", async () => {
    let finishRoot: () => void = () => undefined;
    const marked = markedPaths({
      look: async () => undefined,
      lookAtRoot: () => new Promise<void>((resolve) => (finishRoot = resolve)),
      stopped: () => false,
      onError: () => undefined,
      limit: 100,
    });
    marked.mark(undefined, false, true);
    let settled = false;
    const all = marked.lookedAtAll().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    finishRoot();
    await all;
    expect(settled).toBe(true);
  });

  it('says to give up past its limit of waiting paths, and clear releases every settle', async () => {
    const looks = slowLooks();
    const marked = quietRoot(looks, 3);
    expect(marked.mark('/w/0', false, false)).toBe(true);
    const pending = marked.lookedAtAll();
    for (let index = 1; index <= 3; index++) expect(marked.mark(`/w/${index}`, false, false)).toBe(true);
    expect(marked.mark('/w/4', false, false)).toBe(false);
    marked.clear();
    await pending;
  });
});
