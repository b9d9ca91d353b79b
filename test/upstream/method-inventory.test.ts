import './client-environment';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicClientMethods } from './client-methods';
import { type Classification, METHOD_INVENTORY } from './method-inventory';
import { namesUsedByTest } from './names-used-by-test';

// The official client's public surface against our classification of it: a client upgrade that adds a
// method, or a "works" claim without a conformance test behind it, fails here.

const HERE = import.meta.dirname;
const suites = readdirSync(HERE)
  .filter((file) => file.endsWith('.integration.test.ts'))
  .map((file) => readFileSync(join(HERE, file), 'utf8'));
/** Every `it('…')` title in the conformance suites, with the text of its file. */
const titles = new Map<string, string>();
for (const text of suites)
  for (const match of text.matchAll(/\bit\(\s*'((?:[^'\\]|\\.)*)'/g)) titles.set(match[1] as string, text);

const surface = publicClientMethods();
const entries: Array<[string, string, Classification]> = Object.entries(METHOD_INVENTORY).flatMap(
  ([className, methods]) =>
    Object.entries(methods).map(([method, classification]): [string, string, Classification] => [
      className,
      method,
      classification,
    ]),
);

describe('official client method inventory', () => {
  it('classifies every public method the client exposes', () => {
    const unclassified = Object.entries(surface).flatMap(([className, methods]) =>
      methods
        .filter((method) => !METHOD_INVENTORY[className]?.[method])
        .map((method) => `${className}.${method}`),
    );
    expect(unclassified).toEqual([]);
  });

  it('lists no method the client does not have', () => {
    const stale = entries
      .filter(([className, method]) => !surface[className]?.includes(method))
      .map(([className, method]) => `${className}.${method}`);
    expect(stale).toEqual([]);
  });

  it('names an existing conformance test, calling the method, for every method marked works', () => {
    const unproven = entries.flatMap(([className, method, classification]) => {
      if (classification.kind !== 'works') return [];
      const text = titles.get(classification.test);
      if (text === undefined) return [`${className}.${method}: no test titled "${classification.test}"`];
      // The test itself (or a helper of its file it calls) must use the name: a comment, a string or
      // another test of the same suite does not prove this one reaches the method.
      const called = classification.via ?? method;
      return namesUsedByTest(text, classification.test)?.has(called)
        ? []
        : [`${className}.${method}: the test "${classification.test}" never uses "${called}"`];
    });
    expect(unproven).toEqual([]);
  });

  it('gives a reason for every method that is refused or local', () => {
    const bare = entries.filter(([, , c]) => c.kind !== 'works' && c.reason.trim().length < 10);
    expect(bare).toEqual([]);
    const counts = { works: 0, refused: 0, local: 0 };
    for (const [, , classification] of entries) counts[classification.kind] += 1;
    const serverFacing = counts.works + counts.refused;
    // The figures for the report: how much of the client works unmodified against this runtime.
    console.info(
      `official client: ${entries.length} public methods; ${counts.works} of ${serverFacing} server-facing methods work unmodified, ${counts.refused} refused, ${counts.local} client-local`,
    );
    expect(counts.works).toBeGreaterThan(0);
  });
});
