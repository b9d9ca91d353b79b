import { describe, expect, it } from 'vitest';
import type { LeaseClaim, LeaseStore } from '../store/lease-store';
import { createConversationLeases } from './conversation-leases';

/** A lease table in memory that a test can turn against this runtime. */
function fakeStore() {
  const mine = new Set<string>();
  const state = {
    elsewhere: new Set<string>(),
    orphans: [] as string[],
    renewFails: false,
    released: false,
    expired: 0,
    url: '',
    forgotten: [] as string[],
  };
  const store: LeaseStore = {
    owner: 'me',
    setOwnerUrl: (url) => {
      state.url = url;
    },
    async claim(id): Promise<LeaseClaim> {
      if (state.elsewhere.has(id)) return { kind: 'elsewhere', ownerUrl: 'http://other' };
      mine.add(id);
      return { kind: 'mine' };
    },
    async renewAll() {
      if (state.renewFails) throw new Error('database gone');
      return [...mine].filter((id) => !state.elsewhere.has(id));
    },
    async orphans() {
      return state.orphans.splice(0);
    },
    async expirePredecessors() {
      state.expired += 1;
      return 0;
    },
    async releaseAll() {
      state.released = true;
    },
    async forget(id) {
      state.forgotten.push(id);
    },
  };
  return { store, state, mine };
}

const quiet = { warn: () => undefined, error: () => undefined };
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe('conversation leases', () => {
  it('stops what it lost to another runtime, adopts orphans, and gives everything back on close', async () => {
    const { store, state } = fakeStore();
    const lost: string[] = [];
    const adopted: string[] = [];
    const leases = createConversationLeases(store, { ttlMs: 150, logger: quiet });
    await leases.claim('kept');
    await leases.claim('taken');
    state.elsewhere.add('taken');
    state.orphans.push('left-behind', 'kept');
    await leases.start('http://me', {
      lost: async (id) => void lost.push(id),
      adopted: async (id) => void adopted.push(id),
    });
    await until(() => lost.length === 1 && adopted.length === 2);
    expect(lost).toEqual(['taken']);
    // What backed the lost lease (its advisory lock) is let go; the row is the new owner's.
    expect(state.forgotten).toEqual(['taken']);
    expect(adopted).toEqual(['left-behind', 'kept']);
    expect(state.url).toBe('http://me');
    expect(state.expired).toBe(1);
    await leases.close();
    expect(state.released).toBe(true);
  });

  it('stops everything once renewals have failed for a whole lease time', async () => {
    let now = 0;
    const { store, state } = fakeStore();
    const lost: string[] = [];
    const leases = createConversationLeases(store, { ttlMs: 90, logger: quiet, now: () => now });
    await leases.claim('c1');
    await leases.claim('c2');
    state.renewFails = true;
    await leases.start('http://me', { lost: async (id) => void lost.push(id), adopted: async () => {} });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lost).toEqual([]); // not yet a whole lease time without renewal
    now = 90;
    await until(() => lost.length === 2);
    expect(lost.sort()).toEqual(['c1', 'c2']);
    expect(await leases.claim('c1')).toEqual({ kind: 'mine' });
    await leases.close();
  });
});
