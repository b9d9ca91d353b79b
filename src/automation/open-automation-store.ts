import { join } from 'node:path';
import type { AutomationStore } from './automation-store';

/**
 * The store in the runtime's database: PostgreSQL when the workbench runs with `--database-url`,
 * else `<data-dir>/workbench.db`. Each store's module is loaded only when chosen, so a service on
 * SQLite never reads the PostgreSQL client (and the reverse). Throws when the database cannot be
 * opened or migrated.
 */
export async function openAutomationStore(options: {
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<AutomationStore> {
  if (options.databaseUrl) {
    const { openPgAutomationStore } = await import('./pg-automation-store');
    return openPgAutomationStore(options.databaseUrl);
  }
  const { openSqliteAutomationStore } = await import('./sqlite-automation-store');
  return openSqliteAutomationStore(join(options.dataDir, 'workbench.db'));
}
