import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { runtimePidsOf } from './child-pids';
import type { TestWorkbench } from './start-test-workbench';

export interface CrashRunOptions {
  conversations: number;
  /** SIGKILLs of a runtime, each in the middle of the appends. */
  kills: number;
  /** Appends acknowledged (across all conversations) between two kills. */
  appendsBetweenKills: number;
  /** How many runtimes the launcher runs (--runtimes); one of them is killed each time. */
  runtimes?: number;
  /** Bound on each wait (a restart, an append); default 60 s. */
  timeoutMs?: number;
  /**
   * Least time between two kills. The launcher stops restarting a runtime after its sixth failure
   * within a minute, so a long run spaces its kills (12.5 s keeps five in any minute). Default 0.
   */
  minimumGapMs?: number;
}

export interface CrashRunResult {
  acknowledged: number;
  /** Acknowledged messages missing from the log, or there more than once. */
  lost: string[];
  /** Events seen at one seq before a kill and another seq (or none) after. */
  moved: string[];
  /** Gaps or repeats in a conversation's seqs. */
  gaps: string[];
  /** Milliseconds from each kill until the workbench answered again. */
  recoveryMs: number[];
}

interface Stored {
  id: string;
  seq: number;
  kind: string;
  client_message_id?: string;
}

/**
 * The crash part of the crash-and-fuzz run, through the real launcher and ingress: busy conversations
 * (a writer per conversation appending messages as fast as they are acknowledged), a runtime killed
 * with SIGKILL in the middle of them `kills` times, then the log checked: every acknowledged message
 * is there once, every event a client was shown before a kill is at the same seq after it, no gap.
 */
export async function crashRun(workbench: TestWorkbench, options: CrashRunOptions): Promise<CrashRunResult> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const api = apiOf(workbench);
  const ids: string[] = [];
  for (let index = 0; index < options.conversations; index++) {
    const created = await api('POST', '/api/conversations', { title: `busy ${index}` });
    if (created.status !== 201) throw new Error(`create answered ${created.status}`);
    ids.push(String(created.body.id));
  }
  const acknowledged = new Map<string, string[]>(ids.map((id) => [id, []]));
  let stopped = false;
  const writers = ids.map(async (id) => {
    while (!stopped) {
      const clientMessageId = randomUUID();
      const answer = await api('POST', `/api/conversations/${id}/events`, {
        role: 'user',
        content: [{ type: 'text', text: `append ${clientMessageId}` }],
        run: false,
        client_message_id: clientMessageId,
      }).catch(() => undefined);
      if (answer?.status === 200) acknowledged.get(id)?.push(clientMessageId);
      else await sleep(20);
    }
  });
  const total = () => [...acknowledged.values()].reduce((sum, list) => sum + list.length, 0);
  const seen = new Map<string, Map<number, string>>();
  const recoveryMs: number[] = [];
  let lastKill = 0;
  try {
    for (let kill = 0; kill < options.kills; kill++) {
      const before = total();
      await until(
        'appends between kills',
        timeoutMs,
        async () => total() >= before + options.appendsBetweenKills,
      );
      const wait = lastKill + (options.minimumGapMs ?? 0) - Date.now();
      if (wait > 0) await sleep(wait);
      for (const id of ids) seen.set(id, seqMap(await allEvents(api, id)));
      lastKill = Date.now();
      recoveryMs.push(await killOneRuntime(workbench, options.runtimes ?? 1, timeoutMs));
    }
  } finally {
    stopped = true;
    await Promise.all(writers);
  }
  return { acknowledged: total(), ...(await checkLogs(api, ids, acknowledged, seen)), recoveryMs };
}

async function checkLogs(
  api: Api,
  ids: readonly string[],
  acknowledged: ReadonlyMap<string, string[]>,
  seen: ReadonlyMap<string, Map<number, string>>,
): Promise<Omit<CrashRunResult, 'acknowledged' | 'recoveryMs'>> {
  const lost: string[] = [];
  const moved: string[] = [];
  const gaps: string[] = [];
  for (const id of ids) {
    const events = await allEvents(api, id);
    if (events.some((event, index) => event.seq !== index)) gaps.push(id);
    const counts = new Map<string, number>();
    for (const event of events) {
      if (event.client_message_id)
        counts.set(event.client_message_id, (counts.get(event.client_message_id) ?? 0) + 1);
    }
    for (const message of acknowledged.get(id) ?? [])
      if (counts.get(message) !== 1) lost.push(`${id} ${message}`);
    const now = seqMap(events);
    for (const [seq, eventId] of seen.get(id) ?? []) {
      if (now.get(seq) !== eventId) moved.push(`${id} seq ${seq}`);
    }
  }
  return { lost, moved, gaps };
}

/** SIGKILL to one runtime (a different one each time with several); resolves once the workbench answers again. */
async function killOneRuntime(
  workbench: TestWorkbench,
  runtimes: number,
  timeoutMs: number,
): Promise<number> {
  const pids = runtimePidsOf(workbench.launcher.pid);
  const victim = pids[Math.floor(Math.random() * pids.length)];
  if (victim === undefined) throw new Error('no runtime to kill');
  const killedAt = Date.now();
  process.kill(victim, 'SIGKILL');
  await until('the runtime restarted', timeoutMs, async () => {
    const now = runtimePidsOf(workbench.launcher.pid);
    if (now.length < runtimes || now.includes(victim)) return false;
    const ready = await fetch(`${workbench.url}/api/conversations/count`, {
      headers: { 'x-session-api-key': workbench.sessionKey },
    });
    return ready.status === 200;
  });
  return Date.now() - killedAt;
}

type Api = ReturnType<typeof apiOf>;

function apiOf(workbench: TestWorkbench) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${workbench.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-session-api-key': workbench.sessionKey },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // A 502 from the ingress while the runtime restarts is plain text.
    }
    return { status: response.status, body: parsed };
  };
}

async function allEvents(api: Api, id: string): Promise<Stored[]> {
  const events: Stored[] = [];
  let pageId: string | undefined;
  do {
    const page = await until('a page of events', 60_000, async () => {
      const answer = await api(
        'GET',
        `/api/conversations/${id}/events/search?limit=100${pageId ? `&page_id=${pageId}` : ''}`,
      );
      return answer.status === 200 ? answer.body : undefined;
    });
    events.push(...(page.items as Stored[]));
    pageId = (page.next_page_id as string | null) ?? undefined;
  } while (pageId);
  return events;
}

function seqMap(events: readonly Stored[]): Map<number, string> {
  return new Map(events.map((event) => [event.seq, event.id]));
}

/** Polls `check` until it gives a value other than false/undefined (errors count as not yet). */
async function until<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | false | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
