import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/describe-api-error';
import { transientRetryDelay } from '../api/transient-api-error';
import type { ServerFrame } from '../api/wire-types';
import { connectConversation, type ConversationPorts } from './connect-conversation';
import { createConversationStore } from './create-conversation-store';
import { agentMessage, conversationInfo, statusUpdate, userMessage } from './testing/event-builders';

function fakePorts(pages: Record<string, ReturnType<typeof agentMessage>[]>) {
  let handlers: Parameters<ConversationPorts['openSocket']>[0] | undefined;
  const requestedPages: (number | undefined)[] = [];
  const ports: ConversationPorts = {
    fetchInfo: async () => conversationInfo({ execution_status: 'running', last_seq: 5 }),
    fetchEvents: async (beforeSeq) => {
      requestedPages.push(beforeSeq);
      return pages[String(beforeSeq)] ?? [];
    },
    openSocket: (given) => {
      handlers = given;
      return { close: vi.fn() };
    },
  };
  return { ports, requestedPages, socket: () => handlers };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('connectConversation', () => {
  it('loads the newest page first and resumes the socket right after it', async () => {
    const store = createConversationStore('c');
    const fake = fakePorts({ undefined: [agentMessage(4, 'd'), agentMessage(5, 'e')] });
    connectConversation(store, fake.ports, () => undefined);
    await settle();
    expect(store.getState().events.map((event) => event.seq)).toEqual([4, 5]);
    expect(fake.socket()?.afterSeq()).toBe(5);
  });

  it('folds socket frames in order and reports the connection honestly', async () => {
    const store = createConversationStore('c');
    const fake = fakePorts({ undefined: [userMessage(5, 'go')] });
    connectConversation(store, fake.ports, () => undefined);
    await settle();
    const socket = fake.socket();
    const frames: ServerFrame[] = [
      {
        type: 'sync',
        from_seq: 6,
        through_seq: 5,
        state: conversationInfo({ execution_status: 'running', last_seq: 5 }),
      },
      { type: 'durable', seq: 6, event: statusUpdate(6, 'finished') },
      { type: 'item_started', item_id: 'r', anchor_seq: 6 },
    ];
    for (const frame of frames) socket?.onFrame(frame);
    expect(store.getState().connection).toBe('live');
    expect(store.getState().info?.execution_status).toBe('finished');
    expect(store.getState().streaming).toHaveLength(1);
    socket?.onLive(false);
    expect(store.getState().connection).toBe('reconnecting');
  });

  it('pages older events in on request and stops at the start of the log', async () => {
    const store = createConversationStore('c');
    const fake = fakePorts({
      undefined: [agentMessage(2, 'c')],
      2: [userMessage(0, 'a'), agentMessage(1, 'b')],
    });
    const connection = connectConversation(store, fake.ports, () => undefined);
    await settle();
    expect(await connection.loadOlder()).toBe(true);
    expect(store.getState().events.map((event) => event.seq)).toEqual([0, 1, 2]);
    expect(await connection.loadOlder()).toBe(false);
    expect(fake.requestedPages).toEqual([undefined, 2]);
  });

  it('reports a conversation that cannot be loaded', async () => {
    const store = createConversationStore('c');
    const fake = fakePorts({});
    const onError = vi.fn();
    connectConversation(store, { ...fake.ports, fetchInfo: () => Promise.reject(new Error('404')) }, onError);
    await settle();
    expect(onError).toHaveBeenCalledOnce();
    expect(fake.socket()).toBeUndefined();
  });

  it('retries a first load that failed while the runtime restarted, then clears the error', async () => {
    vi.useFakeTimers();
    try {
      const store = createConversationStore('c');
      const fake = fakePorts({ undefined: [userMessage(5, 'go')] });
      const answers = [
        new ApiError('The runtime answered 502 Bad Gateway', 502),
        new ApiError('no answer', undefined),
      ];
      const reported: unknown[] = [];
      connectConversation(
        store,
        {
          ...fake.ports,
          fetchInfo: () => {
            const failure = answers.shift();
            return failure ? Promise.reject(failure) : fake.ports.fetchInfo();
          },
        },
        (error) => reported.push(error),
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(reported).toHaveLength(1);
      expect(fake.socket()).toBeUndefined();
      await vi.advanceTimersByTimeAsync(transientRetryDelay(0));
      expect(reported).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(transientRetryDelay(1));
      expect(reported.at(-1)).toBeUndefined();
      expect(store.getState().events.map((event) => event.seq)).toEqual([5]);
      expect(fake.socket()).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a refusal, nor after the page closed', async () => {
    vi.useFakeTimers();
    try {
      const store = createConversationStore('c');
      const fake = fakePorts({});
      const fetchInfo = vi.fn(() => Promise.reject(new ApiError('Not found', 404)));
      connectConversation(store, { ...fake.ports, fetchInfo }, () => undefined);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(fetchInfo).toHaveBeenCalledOnce();

      const down = vi.fn(() => Promise.reject(new ApiError('down', 503)));
      const closing = connectConversation(store, { ...fake.ports, fetchInfo: down }, () => undefined);
      await vi.advanceTimersByTimeAsync(0);
      closing.close();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(down).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
