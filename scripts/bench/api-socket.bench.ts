import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { newConversation, testId } from '../../src/runtime/events/fixtures/event-builders';
import { openSqliteEventStore } from '../../src/runtime/store/sqlite-event-store';
import { createConversation } from '../../src/server/testing/api-helpers';
import {
  createTestServer,
  TEST_SESSION_KEY,
  type TestServer,
} from '../../src/server/testing/create-test-server';
import type { BenchFigure } from './bench-figure';
import { conversationLog, createWordSource, seededRandom } from './store-bench-data';

const ROUNDS = 3;
const THROUGHPUT_EVENTS = 2_000;
const LATENCY_EVENTS = 300;
const LATENCY_GAP_MS = 3;
const REPLAY_EVENTS = 10_000;
const REPLAY_SAMPLES = 5;

/**
 * The session socket under load, in one process (server and subscribers share the event loop, so the
 * figures are conservative): fan-out rate and delivery latency to 1, 10 and 50 subscribers of one
 * conversation (in-memory store, so the socket layer is what is measured), and a replay of 10,000
 * events from the SQLite store to a client that reconnects from scratch and from half way.
 */
export default async function apiSocketBenchmark(): Promise<BenchFigure[]> {
  return [...(await fanOut()), ...(await replay())];
}

async function fanOut(): Promise<BenchFigure[]> {
  const server = await createTestServer();
  const baseUrl = await server.listen();
  const figures: BenchFigure[] = [];
  try {
    for (const subscribers of [1, 10, 50]) {
      const rates: number[] = [];
      const p99s: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const { id } = await createConversation(server);
        const clients = await Promise.all(
          Array.from({ length: subscribers }, () => subscribe(baseUrl, id, -1)),
        );
        rates.push(await throughput(server, id, clients));
        p99s.push(await latencyP99(server, id, clients));
        for (const client of clients) client.socket.close();
      }
      figures.push(
        {
          name: `socket fan-out to ${subscribers} subscriber(s): events/s`,
          unit: 'events/s',
          samples: rates,
          lowerIsBetter: false,
        },
        {
          name: `socket fan-out to ${subscribers} subscriber(s): p99 delivery latency`,
          unit: 'ms',
          samples: p99s,
        },
      );
    }
  } finally {
    await server.close();
  }
  return figures;
}

interface Subscriber {
  socket: WebSocket;
  lastSeq: number;
  onDurable: (seq: number) => void;
}

/** A lean subscriber: authenticates, parses each frame, remembers the last durable seq. */
function subscribe(baseUrl: string, conversationId: string, afterSeq: number): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${baseUrl.replace(/^http/, 'ws')}/sockets/session/${conversationId}?after_seq=${afterSeq}`,
    );
    const subscriber: Subscriber = { socket, lastSeq: afterSeq, onDurable: () => {} };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', session_api_key: TEST_SESSION_KEY })));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; seq?: number };
      if (frame.type === 'sync') resolve(subscriber);
      if (frame.type === 'durable' && frame.seq !== undefined) {
        subscriber.lastSeq = frame.seq;
        subscriber.onDurable(frame.seq);
      }
    });
    socket.on('error', reject);
  });
}

async function append(server: TestServer, id: string, text: string): Promise<void> {
  await server.service.sendMessage(id, { role: 'user', content: [{ type: 'text', text }], run: false });
}

/** Appends THROUGHPUT_EVENTS in bursts and waits until every subscriber has the last one. */
async function throughput(server: TestServer, id: string, clients: Subscriber[]): Promise<number> {
  const target = (await server.service.get(id)).last_seq + THROUGHPUT_EVENTS;
  const allReceived = waitUntil(clients, target);
  const started = performance.now();
  for (let sent = 0; sent < THROUGHPUT_EVENTS; sent += 20) {
    for (let index = 0; index < 20; index++) await append(server, id, `burst message ${sent + index}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await allReceived;
  return THROUGHPUT_EVENTS / ((performance.now() - started) / 1000);
}

/** Appends paced events and measures append-to-receive time for every subscriber; returns the p99. */
async function latencyP99(server: TestServer, id: string, clients: Subscriber[]): Promise<number> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  for (const client of clients) {
    client.onDurable = (seq) => {
      const sent = sentAt.get(seq);
      if (sent !== undefined) latencies.push(performance.now() - sent);
    };
  }
  let seq = (await server.service.get(id)).last_seq;
  const allReceived = waitUntil(clients, seq + LATENCY_EVENTS);
  for (let index = 0; index < LATENCY_EVENTS; index++) {
    seq += 1;
    sentAt.set(seq, performance.now());
    await append(server, id, `paced message ${index}`);
    await new Promise((resolve) => setTimeout(resolve, LATENCY_GAP_MS));
  }
  await allReceived;
  latencies.sort((a, b) => a - b);
  return latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN;
}

function waitUntil(clients: Subscriber[], seq: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (clients.every((client) => client.lastSeq >= seq) ? resolve() : setTimeout(check, 1));
    check();
  });
}

async function replay(): Promise<BenchFigure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agent-workbench-bench-replay-'));
  const store = openSqliteEventStore(join(dataDir, 'workbench.db'));
  const conversation = newConversation(1, { workspace_dir: dataDir });
  await store.createConversation(conversation);
  const random = seededRandom(7);
  await store.appendMany(
    testId(1),
    conversationLog({ conversation: 1, events: REPLAY_EVENTS, random, words: createWordSource(random) }),
  );
  const server = await createTestServer({ store });
  const baseUrl = await server.listen();
  try {
    const full: number[] = [];
    const half: number[] = [];
    for (let sample = 0; sample < REPLAY_SAMPLES; sample++) {
      full.push(await timeReplay(baseUrl, conversation.id, -1));
      half.push(await timeReplay(baseUrl, conversation.id, REPLAY_EVENTS / 2 - 1));
    }
    return [
      { name: 'socket replay of 10,000 events (after_seq=-1, SQLite)', unit: 'ms', samples: full },
      { name: 'socket replay of the last 5,000 of 10,000 events (reconnect)', unit: 'ms', samples: half },
    ];
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** From opening the socket to holding the last event. */
async function timeReplay(baseUrl: string, conversationId: string, afterSeq: number): Promise<number> {
  const started = performance.now();
  const client = await subscribe(baseUrl, conversationId, afterSeq);
  await waitUntil([client], REPLAY_EVENTS - 1);
  const elapsed = performance.now() - started;
  client.socket.close();
  return elapsed;
}
