import { describe, expect, it } from 'vitest';
import { runtimeSecrets } from './runtime-secrets';

describe('runtimeSecrets', () => {
  it('names the settings keys, the API key env variables and the session key, skipping empty ones', () => {
    expect(
      runtimeSecrets({
        settingsKeys: ['file-key', undefined],
        env: { OPENAI_API_KEY: ' openai-env ', ANTHROPIC_API_KEY: '', PATH: '/bin' },
        sessionKey: 'session-0123',
      }),
    ).toEqual([
      { name: 'LLM_API_KEY', value: 'file-key' },
      { name: 'OPENAI_API_KEY', value: 'openai-env' },
      { name: 'session-key', value: 'session-0123' },
    ]);
  });

  it('names the password of the PostgreSQL database URL, decoded', () => {
    expect(
      runtimeSecrets({
        settingsKeys: [],
        env: { AGENT_WORKBENCH_DATABASE_URL: 'postgres://team:s%40cret-db-pass@db.internal:5432/workbench' },
      }),
    ).toEqual([{ name: 'database-password', value: 's@cret-db-pass' }]);
    expect(
      runtimeSecrets({
        settingsKeys: [],
        env: { AGENT_WORKBENCH_DATABASE_URL: 'postgres://team@db/workbench' },
      }),
    ).toEqual([]);
  });
});
