import { describe, expect, it } from 'vitest';
import { createRuntimeRouter, type OwnerAnswer, rendezvousOrder } from './runtime-router';

const RUNTIMES = ['http://127.0.0.1:18000', 'http://127.0.0.1:18001', 'http://127.0.0.1:18002'];
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

function router(answer: (runtime: string, id: string) => OwnerAnswer) {
  const asked: string[] = [];
  let time = 0;
  const routes = createRuntimeRouter({
    runtimes: RUNTIMES,
    askOwner: async (runtime, id) => {
      asked.push(runtime);
      return answer(runtime, id);
    },
    now: () => time,
  });
  return { routes, asked, advance: (ms: number) => (time += ms) };
}

describe('the runtime router', () => {
  it('finds the conversation a path names, on REST, both sockets and the trajectory download', () => {
    const { routes } = router(() => ({ kind: 'other' }));
    expect(routes.conversationOf(`/api/conversations/${ID}`)).toBe(ID);
    expect(routes.conversationOf(`/api/conversations/${ID.toUpperCase()}/events?limit=5`)).toBe(ID);
    expect(routes.conversationOf(`/sockets/session/${ID}?after_seq=3`)).toBe(ID);
    expect(routes.conversationOf(`/sockets/events/${ID}`)).toBe(ID);
    expect(routes.conversationOf(`/api/file/download-trajectory/${ID}`)).toBe(ID);
    for (const path of [
      '/api/conversations',
      '/api/conversations/search?q=x',
      '/api/conversations/count',
      `/api/conversations/${ID}x`,
    ])
      expect(routes.conversationOf(path)).toBeUndefined();
  });

  it("sends a conversation's traffic to its owner, asking once and remembering", async () => {
    const { routes, asked } = router(() => ({ kind: 'owner', url: RUNTIMES[2] as string }));
    expect(await routes.target('GET', `/api/conversations/${ID}`)).toBe(RUNTIMES[2]);
    expect(await routes.target('POST', `/api/conversations/${ID}/events`)).toBe(RUNTIMES[2]);
    expect(asked).toHaveLength(1);
    // Told it moved (a 421): asked again.
    routes.forgetConversation(ID);
    await routes.target('GET', `/sockets/session/${ID}`);
    expect(asked).toHaveLength(2);
  });

  it('asks the runtimes in the same rendezvous order every time, and skips one that is down', async () => {
    const order = rendezvousOrder(ID, RUNTIMES);
    expect(rendezvousOrder(ID, [...RUNTIMES].reverse())).toEqual(order);
    const { routes, asked, advance } = router((runtime) =>
      runtime === order[0] ? { kind: 'down' } : { kind: 'owner', url: runtime },
    );
    expect(await routes.target('GET', `/api/conversations/${ID}`)).toBe(order[1]);
    expect(asked).toEqual([order[0], order[1]]);
    // Its conversations are looked up again once their runtime does not answer.
    routes.runtimeDown(order[1] as string);
    advance(10);
    expect(await routes.target('GET', `/api/conversations/${ID}`)).toBe(order[2]);
  });

  it('spreads conversations over the runtimes by id', () => {
    const first = new Map<string, number>();
    for (let n = 0; n < 3_000; n += 1) {
      const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
      const winner = rendezvousOrder(id, RUNTIMES)[0] as string;
      first.set(winner, (first.get(winner) ?? 0) + 1);
    }
    for (const runtime of RUNTIMES) expect(first.get(runtime)).toBeGreaterThan(850);
  });

  it('never proxies to an owner URL that is not one of its runtimes', async () => {
    const { routes } = router(() => ({ kind: 'owner', url: 'http://169.254.169.254' }));
    const target = await routes.target('GET', `/api/conversations/${OTHER}`);
    expect(RUNTIMES).toContain(target);
  });

  it('lets the runtime asked answer an unknown conversation itself', async () => {
    const { routes } = router(() => ({ kind: 'not_found' }));
    expect(await routes.target('GET', `/api/conversations/${ID}`)).toBe(rendezvousOrder(ID, RUNTIMES)[0]);
  });

  it('takes new conversations round the runtimes, and everything else to the first one up', async () => {
    const { routes, advance } = router(() => ({ kind: 'other' }));
    const created = new Set<string>();
    for (let n = 0; n < 3; n += 1) created.add(await routes.target('POST', '/api/conversations'));
    expect(created.size).toBe(3);
    expect(await routes.target('GET', '/api/conversations/search?q=x')).toBe(RUNTIMES[0]);
    expect(await routes.target('POST', '/api/bash/start_bash_command')).toBe(RUNTIMES[0]);
    routes.runtimeDown(RUNTIMES[0] as string);
    expect(await routes.target('GET', '/api/settings')).toBe(RUNTIMES[1]);
    advance(2_001);
    expect(await routes.target('GET', '/api/settings')).toBe(RUNTIMES[0]);
  });
});
