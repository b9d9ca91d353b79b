import { join } from 'node:path';
import type { AutomationStore } from './automation-store';
import { openPgAutomationStore } from './pg-automation-store';
import { openSqliteAutomationStore } from './sqlite-automation-store';

/**
 * The store in the runtime's database: PostgreSQL when the workbench runs with `--database-url`,
 * else `<data-dir>/workbench.db`. Throws when the database cannot be opened or migrated.
 */
export async function openAutomationStore(options: {
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<AutomationStore> {
  if (options.databaseUrl) return openPgAutomationStore(options.databaseUrl);
  return openSqliteAutomationStore(join(options.dataDir, 'workbench.db'));
}
