import { describe, expect, it } from 'vitest';
import { startupRunsOption } from './startup.bench';

describe('startupRunsOption', () => {
  it('is 5 starts unless --startup-runs=N asks for another number', () => {
    expect(startupRunsOption(['node', 'run.ts', 'startup'])).toBe(5);
    expect(startupRunsOption(['node', 'run.ts', 'startup', '--startup-runs=20'])).toBe(20);
  });

  it('refuses a number of starts that is not a whole number of at least 1', () => {
    expect(() => startupRunsOption(['--startup-runs=0'])).toThrow(/at least 1/);
    expect(() => startupRunsOption(['--startup-runs=two'])).toThrow(/whole number/);
  });
});
