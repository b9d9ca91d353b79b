import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { AutomationError } from './automation-error';
import type { AutomationRecord, RunRecord, RunTrigger } from './automation-record';
import { createScheduler, type Scheduler } from './automation-scheduler';
import type { CreateAutomation, ScheduleInput, UpdateAutomation } from './automation-schemas';
import { type AutomationView, toAutomationView } from './automation-view';
import { checkSchedule, nextRunsAfter } from './cron-schedule';
import { describeSchedule } from './describe-schedule';
import { nextRunAt } from './next-run-at';
import { serialize } from './serialize';
import { type RunDeps, startAutomationRun } from './start-automation-run';
import { createRateLimitedRuns } from './rate-limited-runs';
import { tokenMatches } from './token-matches';
import { createWebhookRateLimit, DEFAULT_WEBHOOK_LIMIT, type WebhookLimit } from './webhook-rate-limit';

/** The runtime's batch read takes fewer than 100 ids. */
const STATUS_BATCH = 99;

export interface AutomationServiceDeps extends Omit<RunDeps, 'starting'> {
  newToken(): string;
  /** How many webhook calls of one automation start runs; DEFAULT_WEBHOOK_LIMIT when left out. */
  webhookLimit?: WebhookLimit;
  setTimer(callback: () => void, ms: number): () => void;
  /** A store failure nobody's request is waiting for (the scheduler's timer): written to the log. */
  onError(error: unknown): void;
}

export interface AutomationService {
  list(): Promise<AutomationView[]>;
  get(id: string): Promise<AutomationView>;
  create(input: CreateAutomation): Promise<AutomationView>;
  update(id: string, patch: UpdateAutomation): Promise<AutomationView>;
  delete(id: string): Promise<void>;
  runs(id: string, limit: number): Promise<RunRecord[]>;
  /** A page of the history, newest first, and how many runs there are in all. */
  runPage(id: string, page: { limit: number; offset: number }): Promise<{ runs: RunRecord[]; total: number }>;
  /**
   * Stops a started run's conversation through the runtime (interrupt: it ends `paused`). 404
   * `run_not_found`, 409 `run_not_cancellable` for a run that never started a conversation, 502
   * `runtime_unreachable`.
   */
  cancelRun(runId: string): Promise<RunRecord>;
  /** The runs' conversations' execution_status by conversation id; those the runtime could not tell are left out. */
  conversationStatuses(runs: readonly RunRecord[]): Promise<Map<string, string>>;
  runNow(id: string): Promise<RunRecord>;
  /**
   * Checks the token first (constant time), then the automation's rate limit (over it: 429
   * `rate_limited`, counted on a summary run), then runs with the body as `payload`.
   */
  runWebhook(id: string, token: string | undefined, payload: unknown): Promise<RunRecord>;
  preview(schedule: ScheduleInput): { description: string; next_runs: string[] };
  scheduler: Scheduler;
}

/**
 * The automations and their triggers. Rejects with AutomationError for every expected refusal
 * (unknown id, bad schedule, missing folder, disabled, wrong token), with the store's error when the
 * database fails; runs themselves never reject for a refusal (see startAutomationRun). Changes to
 * automations, the scheduler's included, are made one at a time (serialize.ts).
 */
export function createAutomationService(deps: AutomationServiceDeps): AutomationService {
  const runDeps: RunDeps = { ...deps, starting: new Set() };
  const limit = deps.webhookLimit ?? DEFAULT_WEBHOOK_LIMIT;
  const webhookRate = createWebhookRateLimit(limit, deps.now);
  const rateLimitedRuns = createRateLimitedRuns({ ...deps, limit });
  const exclusive = serialize();
  const run = (
    automation: AutomationRecord,
    trigger: RunTrigger,
    options?: { payload?: unknown; scheduledFor?: string },
  ) => startAutomationRun(runDeps, automation, trigger, options);
  const scheduler = createScheduler({
    store: deps.store,
    now: deps.now,
    setTimer: deps.setTimer,
    onError: deps.onError,
    exclusive,
    run: (automation, trigger, scheduledFor) => run(automation, trigger, { scheduledFor }),
    skipMissed: (automation, missedAt) =>
      deps.store.addRun({
        id: deps.newId(),
        automation_id: automation.id,
        trigger: 'missed',
        status: 'skipped',
        conversation_id: null,
        reason:
          'missed while Agent Workbench was not running (missed runs are not made up for this automation)',
        created_at: deps.now().toISOString(),
        scheduled_for: missedAt,
        refused_calls: 0,
      }),
  });

  const find = async (id: string): Promise<AutomationRecord> => {
    const record = await deps.store.get(id);
    if (!record) throw new AutomationError('automation_not_found', 'No automation with this id (deleted?)');
    return record;
  };
  const view = async (record: AutomationRecord) =>
    toAutomationView(record, await deps.store.lastRun(record.id));
  const save = async (record: AutomationRecord): Promise<AutomationRecord> => {
    await checkDefinition(record);
    const stored = {
      ...record,
      webhook_token: record.webhook ? (record.webhook_token ?? deps.newToken()) : null,
      next_run_at: nextRunAt(record, deps.now()),
    };
    await deps.store.save(stored);
    return stored;
  };
  /** A change read, checked and written in one turn of the queue; the timer re-armed after it. */
  const change = async (work: () => Promise<AutomationRecord>): Promise<AutomationView> => {
    const saved = await exclusive(work);
    await scheduler.wake();
    return view(saved);
  };
  const runEnabled = (record: AutomationRecord, trigger: RunTrigger, payload?: unknown) => {
    if (!record.enabled) {
      throw new AutomationError('automation_disabled', 'This automation is disabled: enable it to run it');
    }
    return run(record, trigger, { payload });
  };

  return {
    list: async () => Promise.all((await deps.store.list()).map(view)),
    get: async (id) => view(await find(id)),
    create: (input) =>
      change(() => {
        const now = deps.now().toISOString();
        return save({
          ...input,
          id: deps.newId(),
          webhook_token: null,
          created_at: now,
          updated_at: now,
          next_run_at: null,
        });
      }),
    update: (id, patch) =>
      change(async () => save({ ...(await find(id)), ...patch, updated_at: deps.now().toISOString() })),
    delete: async (id) => {
      const deleted = await exclusive(() => deps.store.delete(id));
      if (!deleted)
        throw new AutomationError('automation_not_found', 'No automation with this id (deleted?)');
      webhookRate.forget(id);
      rateLimitedRuns.forget(id);
      await scheduler.wake();
    },
    runs: async (id, limit) => {
      await find(id);
      return deps.store.listRuns(id, limit);
    },
    runPage: async (id, page) => {
      await find(id);
      const runs = await deps.store.listRuns(id, page.offset + page.limit);
      return { runs: runs.slice(page.offset), total: await deps.store.countRuns(id) };
    },
    cancelRun: async (runId) => {
      const run = await deps.store.getRun(runId);
      if (!run) throw new AutomationError('run_not_found', 'No run with this id (its automation deleted?)');
      if (run.status !== 'started' || !run.conversation_id) {
        throw new AutomationError(
          'run_not_cancellable',
          `This run is ${run.status}: it has no conversation to stop`,
        );
      }
      const stopped = await deps.runtime.interruptConversation(run.conversation_id);
      // A refusal other than an unreachable runtime (the conversation deleted): nothing left to stop.
      if (!stopped.ok && stopped.unreachable)
        throw new AutomationError('runtime_unreachable', stopped.reason);
      return run;
    },
    conversationStatuses: (runs) => conversationStatusesOf(deps.runtime, runs),
    runNow: async (id) => runEnabled(await find(id), 'manual'),
    runWebhook: async (id, token, payload) => {
      const record = await deps.store.get(id);
      // One answer for an unknown id, a webhook that is off and a wrong token: a caller without the
      // token learns nothing about which automations exist.
      if (!record?.webhook_token || !tokenMatches(token, record.webhook_token)) {
        throw new AutomationError('invalid_token', 'Missing or wrong webhook token');
      }
      if (record.enabled) {
        const admission = webhookRate.take(record.id);
        if (!admission.ok) {
          await rateLimitedRuns.refuse(record.id);
          throw new AutomationError(
            'rate_limited',
            `Too many calls of this webhook: at most ${limit.burst} at once, then ${limit.perMinute} a minute; try again in ${admission.retryAfterSeconds} s`,
            undefined,
            admission.retryAfterSeconds,
          );
        }
      }
      return runEnabled(record, 'webhook', payload);
    },
    preview: (schedule) => {
      assertSchedule(schedule);
      return {
        description: describeSchedule(schedule),
        next_runs: nextRunsAfter(schedule, deps.now(), 3).map((date) => date.toISOString()),
      };
    },
    scheduler,
  };
}

/** The runtime's statuses of the runs' conversations, asked in batches; unknown ones left out. */
async function conversationStatusesOf(
  runtime: AutomationServiceDeps['runtime'],
  runs: readonly RunRecord[],
): Promise<Map<string, string>> {
  const ids = [...new Set(runs.flatMap((run) => (run.conversation_id ? [run.conversation_id] : [])))];
  const statuses = new Map<string, string>();
  for (let start = 0; start < ids.length; start += STATUS_BATCH) {
    const answer = await runtime.conversationStatuses(ids.slice(start, start + STATUS_BATCH));
    // A runtime that cannot be asked leaves the statuses unknown: the page still shows the runs.
    if (!answer.ok) return statuses;
    for (const [id, status] of answer.statuses) statuses.set(id, status);
  }
  return statuses;
}

async function checkDefinition(record: AutomationRecord): Promise<void> {
  if (record.schedule) assertSchedule(record.schedule);
  if (!isAbsolute(record.workspace) || !(await isFolder(record.workspace))) {
    throw new AutomationError(
      'invalid_workspace',
      `The workspace ${record.workspace} is not a folder on this machine: give the absolute path of an existing folder`,
      'workspace',
    );
  }
}

function assertSchedule(schedule: ScheduleInput): void {
  const check = checkSchedule(schedule);
  if (!check.ok) throw new AutomationError('invalid_schedule', check.message, `schedule.${check.field}`);
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false; // missing or unreadable: either way not a workspace
  }
}
