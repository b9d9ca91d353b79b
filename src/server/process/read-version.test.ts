import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readVersion } from './read-version';

describe('readVersion', () => {
  it("finds the repository's package.json from the source folder by walking up", () => {
    const packageJson = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(readVersion()).toBe(packageJson.version);
  });
});
