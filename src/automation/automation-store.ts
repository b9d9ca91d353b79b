import type { AutomationRecord, RunRecord, RunStatus } from './automation-record';

/**
 * Automations and their run history, in the runtime's database: the data dir's SQLite file
 * (sqlite-automation-store.ts) or the PostgreSQL database of `--database-url`
 * (pg-automation-store.ts). Every method returns a promise that settles once its statement or
 * transaction has committed; it rejects only for a database that is broken or cannot be reached (the
 * service answers 500 and the launcher's log says why). The records returned are the caller's to keep.
 */
export interface AutomationStore {
  /** Oldest first (created_at, then id). */
  list(): Promise<AutomationRecord[]>;
  get(id: string): Promise<AutomationRecord | undefined>;
  /** Inserts the record, or replaces every field of the one with its id; its run history stays. */
  save(record: AutomationRecord): Promise<void>;
  /** Deletes the automation and its run history; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** Rejects when the automation does not exist (deleted meanwhile). */
  addRun(run: RunRecord): Promise<void>;
  /** A conversation_id left out or null keeps the one stored. */
  settleRun(
    id: string,
    outcome: { status: RunStatus; conversation_id?: string | null; reason?: string | null },
  ): Promise<void>;
  /** Sets a run's count of refused webhook calls (a `rate_limited` summary's). */
  countRefusedCalls(id: string, count: number): Promise<void>;
  /** Newest first; runs created in the same millisecond in reverse order of addRun. */
  listRuns(automationId: string, limit: number): Promise<RunRecord[]>;
  lastRun(automationId: string): Promise<RunRecord | undefined>;
  /** One run by its id, whichever automation it belongs to. */
  getRun(id: string): Promise<RunRecord | undefined>;
  /** How many runs an automation has (what listRuns pages through). */
  countRuns(automationId: string): Promise<number>;
  lastStartedRun(automationId: string): Promise<RunRecord | undefined>;
  /** Runs left pending by a service that stopped mid-attempt become failed with this reason; how many. */
  failPendingRuns(reason: string): Promise<number>;
  /** Closes the file or the connection pool; nothing may be called after. */
  close(): Promise<void>;
}
