import pg from 'pg';
import { type AutomationRow, automationFromRow, automationToRow } from './automation-row';
import type { RunRecord } from './automation-record';
import type { AutomationStore } from './automation-store';
import { migrateAutomationPg } from './migrate-automation-pg';

/**
 * A few connections: the service writes a handful of rows per run, and the runtime's pool on the same
 * server needs its connections more.
 */
const DEFAULT_POOL_SIZE = 3;

const RUN_COLUMNS =
  'id, automation_id, "trigger", status, conversation_id, reason, created_at, scheduled_for, refused_calls';

/**
 * The automation store in PostgreSQL (the database of `--database-url`, beside the conversations): a
 * connection pool, the automation tables migrated first. Every write is one statement, committed
 * before its promise settles. Throws when the server cannot be reached or a newer version wrote the
 * tables; the pool is closed then.
 */
export async function openPgAutomationStore(
  url: string,
  options: { poolSize?: number } = {},
): Promise<AutomationStore> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? DEFAULT_POOL_SIZE });
  // An idle connection the server dropped must not end the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await migrateAutomationPg(client);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pgAutomationStoreOn(pool);
}

function pgAutomationStoreOn(pool: pg.Pool): AutomationStore {
  const runs = async (sql: string, values: unknown[]) => (await pool.query<RunRecord>(sql, values)).rows;
  return {
    list: async () =>
      (await pool.query<AutomationRow>('SELECT * FROM automations ORDER BY created_at, id')).rows.map(
        automationFromRow,
      ),
    get: async (id) => {
      const { rows } = await pool.query<AutomationRow>('SELECT * FROM automations WHERE id = $1', [id]);
      return rows[0] ? automationFromRow(rows[0]) : undefined;
    },
    save: async (record) => {
      const row = automationToRow(record);
      await pool.query(
        `INSERT INTO automations (id, definition, webhook_token, created_at, updated_at, next_run_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET definition = EXCLUDED.definition,
           webhook_token = EXCLUDED.webhook_token, created_at = EXCLUDED.created_at,
           updated_at = EXCLUDED.updated_at, next_run_at = EXCLUDED.next_run_at`,
        [row.id, row.definition, row.webhook_token, row.created_at, row.updated_at, row.next_run_at],
      );
    },
    delete: async (id) =>
      ((await pool.query('DELETE FROM automations WHERE id = $1', [id])).rowCount ?? 0) > 0,
    addRun: async (run) => {
      await pool.query(
        `INSERT INTO automation_runs (${RUN_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          run.id,
          run.automation_id,
          run.trigger,
          run.status,
          run.conversation_id,
          run.reason,
          run.created_at,
          run.scheduled_for,
          run.refused_calls,
        ],
      );
    },
    settleRun: async (id, outcome) => {
      await pool.query(
        'UPDATE automation_runs SET status = $1, conversation_id = coalesce($2, conversation_id), reason = $3 WHERE id = $4',
        [outcome.status, outcome.conversation_id ?? null, outcome.reason ?? null, id],
      );
    },
    countRefusedCalls: async (id, count) => {
      await pool.query('UPDATE automation_runs SET refused_calls = $1 WHERE id = $2', [count, id]);
    },
    listRuns: (automationId, limit) =>
      runs(
        `SELECT ${RUN_COLUMNS} FROM automation_runs WHERE automation_id = $1
         ORDER BY created_at DESC, position DESC LIMIT $2`,
        [automationId, limit],
      ),
    lastRun: async (automationId) =>
      (
        await runs(
          `SELECT ${RUN_COLUMNS} FROM automation_runs WHERE automation_id = $1
           ORDER BY created_at DESC, position DESC LIMIT 1`,
          [automationId],
        )
      )[0],
    getRun: async (id) => (await runs(`SELECT ${RUN_COLUMNS} FROM automation_runs WHERE id = $1`, [id]))[0],
    countRuns: async (automationId) =>
      Number(
        (
          await pool.query<{ count: string }>(
            'SELECT count(*) AS count FROM automation_runs WHERE automation_id = $1',
            [automationId],
          )
        ).rows[0]?.count ?? 0,
      ),
    lastStartedRun: async (automationId) =>
      (
        await runs(
          `SELECT ${RUN_COLUMNS} FROM automation_runs WHERE automation_id = $1 AND status = 'started'
           ORDER BY created_at DESC, position DESC LIMIT 1`,
          [automationId],
        )
      )[0],
    failPendingRuns: async (reason) =>
      (
        await pool.query(
          `UPDATE automation_runs SET status = 'failed', reason = $1 WHERE status = 'pending'`,
          [reason],
        )
      ).rowCount ?? 0,
    close: () => pool.end(),
  };
}
