import { describe, expect, it } from 'vitest';
import { automationCommand } from './automation-command';

const options = {
  cwd: '/work',
  env: { PATH: '/usr/bin' },
  host: '127.0.0.1',
  port: 18100,
  dataDir: '/data',
  sessionKey: 'session',
  runtimeUrls: ['http://127.0.0.1:18000'],
  automationKey: 'automation',
};

describe('automationCommand', () => {
  it('hands the database URL to the service in its environment, never on argv', () => {
    const url = 'postgres://team:s3cret@db.internal/workbench';
    const command = automationCommand({ ...options, databaseUrl: url });
    expect(command.env.AGENT_WORKBENCH_DATABASE_URL).toBe(url);
    expect(command.args.join(' ')).not.toContain('s3cret');
  });

  it('without one, the service keeps the data dir`s SQLite file even if the environment names a database', () => {
    const command = automationCommand({
      ...options,
      env: { ...options.env, AGENT_WORKBENCH_DATABASE_URL: 'postgres://elsewhere/db' },
    });
    expect(command.env).not.toHaveProperty('AGENT_WORKBENCH_DATABASE_URL');
    expect(command.env).toMatchObject({ AGENT_WORKBENCH_DATA_DIR: '/data', PATH: '/usr/bin' });
  });
});
