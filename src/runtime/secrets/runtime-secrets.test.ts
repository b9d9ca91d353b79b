import { describe, expect, it } from 'vitest';
import { runtimeSecrets } from './runtime-secrets';

describe('runtimeSecrets', () => {
  it('names the settings keys, the API key env variables, the session key and the automation key, skipping empty ones', () => {
    expect(
      runtimeSecrets({
        settingsKeys: ['file-key', undefined],
        env: {
          OPENAI_API_KEY: ' openai-env ',
          ANTHROPIC_API_KEY: '',
          PATH: '/bin',
          AGENT_WORKBENCH_AUTOMATION_KEY: 'automation-4567',
        },
        sessionKey: 'session-0123',
      }),
    ).toEqual([
      { name: 'LLM_API_KEY', value: 'file-key' },
      { name: 'OPENAI_API_KEY', value: 'openai-env' },
      { name: 'session-key', value: 'session-0123' },
      { name: 'automation-key', value: 'automation-4567' },
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
