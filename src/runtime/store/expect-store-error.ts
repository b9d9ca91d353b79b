import { expect } from 'vitest';
import { StoreError, type StoreErrorCode } from './event-store';

/** Asserts that `run` throws (or rejects with) a StoreError with this code. */
export async function expectStoreError(run: () => unknown, code: StoreErrorCode): Promise<void> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe(code);
    return;
  }
  throw new Error(`expected StoreError ${code}, nothing was thrown`);
}
