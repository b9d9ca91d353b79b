import { describe, expect, it } from 'vitest';
import { readAutomationEnv } from './automation-env';

const base = { AGENT_WORKBENCH_SESSION_KEY: 'key', AGENT_WORKBENCH_DATA_DIR: '/data' };

describe('readAutomationEnv', () => {
  it('keeps the automations in PostgreSQL when the runtime is given a database URL, else in the data dir', () => {
    const url = 'postgres://team:pass@db.internal/workbench';
    expect(readAutomationEnv({ ...base, AGENT_WORKBENCH_DATABASE_URL: ` ${url} ` }, '/').databaseUrl).toBe(
      url,
    );
    expect(readAutomationEnv({ ...base, AGENT_WORKBENCH_DATABASE_URL: '' }, '/').databaseUrl).toBeUndefined();
    expect(readAutomationEnv(base, '/')).toMatchObject({ dataDir: '/data', databaseUrl: undefined });
  });

  it('refuses a database URL of another scheme without repeating it', () => {
    const read = () =>
      readAutomationEnv({ ...base, AGENT_WORKBENCH_DATABASE_URL: 'mysql://team:hunter2@db/workbench' }, '/');
    expect(read).toThrow('AGENT_WORKBENCH_DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(read).not.toThrow(/hunter2/);
  });
});
