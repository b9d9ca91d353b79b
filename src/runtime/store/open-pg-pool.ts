import pg from 'pg';
import { mapPgError } from './map-pg-error';
import { migratePg } from './migrate-pg';

/** No transaction of the store waits on anything but the database between its statements. */
const IDLE_IN_TRANSACTION_MS = 30_000;

/** A pool on `url` with the schema migrated, for the store and what shares its database (leases). */
export async function openPgPool(url: string, options: { poolSize?: number } = {}): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    keepAlive: true,
    // A process that hangs inside a transaction must not keep its row locks (a conversation's
    // appends queue behind them) for ever: the server ends such a session after this long.
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
  });
  // An idle connection the server dropped must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await migratePg(client);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw mapPgError(error);
  }
  return pool;
}
