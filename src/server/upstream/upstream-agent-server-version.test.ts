import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UPSTREAM_AGENT_SERVER_VERSION } from './upstream-agent-server-version';

describe('UPSTREAM_AGENT_SERVER_VERSION', () => {
  it('is the version of the official client that test/upstream proves works', () => {
    const manifest: { version: string } = JSON.parse(
      readFileSync(
        new URL('../../../node_modules/@openhands/typescript-client/package.json', import.meta.url),
        'utf8',
      ),
    );
    expect(UPSTREAM_AGENT_SERVER_VERSION).toBe(manifest.version);
  });

  it('is at least what the Agent Canvas 1.16.0 asks of a backend (1.28.0)', () => {
    const [major = 0, minor = 0] = UPSTREAM_AGENT_SERVER_VERSION.split('.').map(Number);
    expect(major > 1 || (major === 1 && minor >= 28)).toBe(true);
  });
});
