import type { EventStore } from './event-store';

/** What each part of the EventStore contract suite gets: the store under test and its clock. */
export interface ContractContext {
  store: EventStore;
  /** Sets what the store's clock answers from now on. */
  setNow(iso: string): void;
}
