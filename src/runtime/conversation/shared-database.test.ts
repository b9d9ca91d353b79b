import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestToolset } from '../agent/testing/create-test-toolset';
import type { LiveFrame } from '../agent/live-frame';
import type { LLMScript } from '../llm/llm-script';
import type { RuntimeLogger } from '../logging/runtime-logger';
import { createPgAppendFeed } from '../store/pg-append-feed';
import { openPgPool } from '../store/open-pg-pool';
import { pgEventStoreOn } from '../store/pg-event-store';
import { createPgLeaseStore } from '../store/pg-lease-store';
import { type PgCluster, startPgCluster } from '../store/testing/start-pg-cluster';
import { createConversationLeases } from './conversation-leases';
import type { ToolsetRequest } from './conversation-service-deps';
import { RuntimeError } from '../errors/runtime-error';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let cluster: PgCluster;
let databases = 0;
const open: ServiceHarness[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterEach(async () => {
  await Promise.all(open.splice(0).map((harness) => harness.close()));
});
afterAll(() => cluster?.stop());

const quiet: RuntimeLogger = { warn: () => undefined, error: () => undefined };

/** One runtime process as the server wires it: a pool of its own, a fenced store, leases, the feed. */
async function runtime(
  url: string,
  owner: string,
  script: LLMScript,
  ttlMs: number,
  options: { dataDir?: string; onToolset?: (request: ToolsetRequest) => void } = {},
) {
  const pool = await openPgPool(url, { poolSize: 4 });
  const leaseStore = createPgLeaseStore(pool, { owner, ttlMs });
  leaseStore.setOwnerUrl(`http://${owner}`);
  const store = pgEventStoreOn(pool, { leaseOwner: owner });
  const closeStore = store.close.bind(store);
  const leases = createConversationLeases(leaseStore, { ttlMs, logger: quiet });
  const harness = await createServiceHarness({
    store: Object.assign(store, { close: closeStore }),
    script,
    logger: quiet,
    leases,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.onToolset
      ? {
          createToolset: (request: ToolsetRequest) => {
            options.onToolset?.(request);
            return createTestToolset();
          },
        }
      : {}),
    appendFeed: createPgAppendFeed(url, quiet),
  });
  const close = harness.close;
  harness.close = async () => {
    await close();
    await pool.end();
  };
  open.push(harness);
  return Object.assign(harness, { leases });
}

const freshDatabase = () => cluster.createDatabase(`shared_${++databases}`);

describe('two runtimes on one PostgreSQL database', () => {
  it('runs a conversation on the runtime holding it; the other refuses to run it and follows it live', async () => {
    const url = await freshDatabase();
    const a = await runtime(url, 'a', { turns: [{ text: 'answered on a', chunk_size: 3 }] }, 60_000);
    const b = await runtime(url, 'b', { turns: [] }, 60_000);
    const id = await a.create();

    await expect(b.say(id, 'run it here')).rejects.toMatchObject({ code: 'conversation_elsewhere' });
    const frames: LiveFrame[] = [];
    const subscription = await b.service.subscribe(id, (frame) => frames.push(frame));
    const throughSeq = subscription.throughSeq;
    expect(throughSeq).toBe((await a.events(id)).at(-1)?.seq);

    await a.say(id, 'hello');
    expect(await a.settled(id)).toBe('finished');
    const stored = (await a.events(id)).filter((event) => event.seq > throughSeq);
    await b.until(() => frames.length === stored.length);
    // Every committed event once, in seq order, nothing streamed that was not stored.
    expect(frames).toEqual(stored.map((event) => ({ type: 'durable', seq: event.seq, event })));
    subscription.unsubscribe();
  });

  it('takes over a run whose runtime stopped renewing, after the lease expires, and recovers it', async () => {
    const url = await freshDatabase();
    // a hangs in its model call and never renews (its heartbeat is not started): as good as dead.
    const a = await runtime(url, 'a', { turns: [{ fail: 'hang' }] }, 600);
    const b = await runtime(url, 'b', { turns: [{ text: 'b carries on' }] }, 600);
    const id = await a.create();
    await a.say(id, 'start something long');
    await a.until(async () => (await a.status(id)) === 'running');

    await b.service.startLeases?.('http://b');
    await b.until(async () => (await b.status(id)) === 'error', 10_000);
    const codes = (await b.kinds(id, 'ConversationErrorEvent')).map((event) =>
      event.kind === 'ConversationErrorEvent' ? event.code : '',
    );
    expect(codes).toEqual(['RuntimeRestarted']);
    // b runs it now; a, still hanging, can no longer write into it.
    await b.say(id, 'go on');
    expect(await b.settled(id)).toBe('finished');
    await expect(a.service.pause(id)).rejects.toMatchObject({ code: 'not_owner' });
    const before = (await b.events(id)).length;
    await a.close();
    open.splice(open.indexOf(a), 1);
    expect((await b.events(id)).length).toBe(before);
  });

  it('recovers a run left behind when it loads the conversation, however it came by the lease', async () => {
    const url = await freshDatabase();
    const b = await runtime(url, 'b', { turns: [] }, 60_000);
    const id = await b.create();
    // As a runtime that died mid-run leaves it: stored as running, loaded nowhere.
    await b.service.close();
    await b.store.updateConversation(id, { execution_status: 'running' });
    const again = await runtime(url, 'b-again', { turns: [] }, 60_000);
    // This runtime already holds the lease (taken without loading, as a lookup or a sweep may), then
    // loads the conversation.
    expect(await again.leases.claim(id)).toEqual({ kind: 'mine' });
    const subscription = await again.service.subscribe(id, () => undefined);
    expect(subscription.state.execution_status).toBe('error');
    subscription.unsubscribe();
  });

  it("gives a conversation's own MCP servers to a runtime that started before they were stored", async () => {
    const url = await freshDatabase();
    // One data dir, as the runtimes of one launcher share it (the key sealing the secret values).
    const dataDir = await mkdtemp(join(tmpdir(), 'shared-data-'));
    const requests: ToolsetRequest[] = [];
    const a = await runtime(url, 'a', { turns: [] }, 60_000, { dataDir });
    const b = await runtime(url, 'b', { turns: [{ text: 'ok' }] }, 60_000, {
      dataDir,
      onToolset: (request) => requests.push(request),
    });
    const id = await a.create({
      mcp_config: { mcpServers: { mine: { command: 'true', env: { OWN_TOKEN: 'own-token-5b1e' } } } },
    });
    await a.close();
    open.splice(open.indexOf(a), 1);
    await b.say(id, 'use your own server');
    await b.settled(id);
    expect(requests.at(-1)?.mcpServers?.mine).toMatchObject({
      command: 'true',
      env: { OWN_TOKEN: 'own-token-5b1e' },
    });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops a run whose lease another runtime took, and lets go of the conversation', async () => {
    const url = await freshDatabase();
    const a = await runtime(url, 'a', { turns: [{ fail: 'hang' }] }, 600);
    const id = await a.create();
    await a.say(id, 'start something long');
    await a.until(async () => (await a.status(id)) === 'running');
    await a.service.startLeases?.('http://a');
    // Taken over in one step, as by a runtime that claimed it while a's lease had lapsed.
    const pool = await openPgPool(url, { poolSize: 1 });
    await pool.query(
      "UPDATE conversation_leases SET owner = 'b', owner_url = 'http://b', expires_at = now() + interval '1 minute' WHERE conversation_id = $1",
      [id],
    );
    await pool.end();
    // a's next heartbeat finds it gone: the run stops here and the conversation is not a's any more.
    await a.until(async () => {
      const refused = await a.say(id, 'still mine?').catch((error: { code?: string }) => error.code);
      return refused === 'conversation_elsewhere';
    }, 10_000);
  });

  it('answers which runtime serves a conversation, taking a free lease for the one asked', async () => {
    const url = await freshDatabase();
    const a = await runtime(url, 'a', { turns: [] }, 60_000);
    const b = await runtime(url, 'b', { turns: [] }, 60_000);
    await a.service.startLeases?.('http://a');
    await b.service.startLeases?.('http://b');
    const id = await a.create();
    expect(await b.service.ownerOf?.(id)).toBe('http://a');
    await a.close();
    open.splice(open.indexOf(a), 1);
    // a gave its leases back on the way out: b takes it when asked.
    expect(await b.service.ownerOf?.(id)).toBe('http://b');
    await expect(b.service.ownerOf?.('00000000-0000-4000-8000-00000000dead')).rejects.toBeInstanceOf(
      RuntimeError,
    );
  });
});
