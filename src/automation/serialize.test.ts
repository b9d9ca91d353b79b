import { describe, expect, it } from 'vitest';
import { serialize } from './serialize';

describe('serialize', () => {
  it('starts each work after the one before settled, a rejection included, each with its own outcome', async () => {
    const exclusive = serialize();
    const order: string[] = [];
    let release = () => {};
    const first = exclusive(async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('first ends');
      throw new Error('first failed');
    });
    const second = exclusive(async () => {
      order.push('second runs');
      return 2;
    });
    await Promise.resolve();
    expect(order).toEqual(['first starts']);
    release();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);
  });
});
