import { describe, expect, it } from 'vitest';
import { readAutomationEnv } from './automation-env';
import { DEFAULT_WEBHOOK_LIMIT } from './webhook-rate-limit';

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

  it('reads one runtime URL or several (--runtimes N), the default runtime when unset, and refuses others', () => {
    expect(readAutomationEnv(base, '/').runtimeUrls).toEqual(['http://127.0.0.1:18000']);
    const several = 'http://127.0.0.1:18000, http://127.0.0.1:18001,';
    expect(readAutomationEnv({ ...base, AGENT_WORKBENCH_RUNTIME_URL: several }, '/').runtimeUrls).toEqual([
      'http://127.0.0.1:18000',
      'http://127.0.0.1:18001',
    ]);
    expect(() => readAutomationEnv({ ...base, AGENT_WORKBENCH_RUNTIME_URL: '127.0.0.1:18000' }, '/')).toThrow(
      'AGENT_WORKBENCH_RUNTIME_URL must be http:// URLs separated by commas (got "127.0.0.1:18000")',
    );
  });

  it('reads the webhook limit as a burst and a count a minute, the default when unset, and refuses others', () => {
    expect(readAutomationEnv(base, '/').webhookLimit).toEqual(DEFAULT_WEBHOOK_LIMIT);
    expect(
      readAutomationEnv({ ...base, AGENT_WORKBENCH_WEBHOOK_LIMIT: ' 20, 120 ' }, '/').webhookLimit,
    ).toEqual({
      burst: 20,
      perMinute: 120,
    });
    for (const text of ['5', '0,10', '5,0', 'a,b', '5,10,1', '1000001,1']) {
      expect(() => readAutomationEnv({ ...base, AGENT_WORKBENCH_WEBHOOK_LIMIT: text }, '/')).toThrow(
        `AGENT_WORKBENCH_WEBHOOK_LIMIT must be two whole numbers from 1, "<burst>,<per minute>" (got "${text}")`,
      );
    }
  });
});
