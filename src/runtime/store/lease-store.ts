/** What a claim found: the lease is ours now, another live runtime holds it, or no such conversation. */
export type LeaseClaim = { kind: 'mine' } | { kind: 'elsewhere'; ownerUrl: string } | { kind: 'unknown' };

/**
 * Conversation leases in the shared database: one runtime process owns a conversation (runs it,
 * appends to it) while its lease is live, and renews all of its leases with a heartbeat. A lease that
 * expired may be taken by any runtime, and so may one whose owner's database session ended (the
 * owner held an advisory lock that died with it). Every method is one statement, durable when it settles.
 */
export interface LeaseStore {
  /** Takes the lease when it is free, expired or already this owner's (then it is renewed). */
  claim(conversationId: string): Promise<LeaseClaim>;
  /** Renews every lease this owner holds, expired or not; answers the ids it holds now. */
  renewAll(): Promise<string[]>;
  /**
   * Conversations a dead runtime left mid-run: status running or waiting for a confirmation, and no
   * live lease. Someone must take them and recover them as after a restart.
   */
  orphans(limit: number): Promise<string[]>;
  /**
   * Expires the leases of earlier processes that served this owner's URL. Only one live process can
   * listen on a URL, and this one does now, so those processes are gone; their conversations need not
   * wait out the lease.
   */
  expirePredecessors(): Promise<number>;
  /** Lets go of what backs a lease another owner holds now (its advisory lock); the row is theirs. */
  forget(conversationId: string): Promise<void>;
  /** Gives back every lease of this owner (a clean shutdown). */
  releaseAll(): Promise<void>;
  /** Where the ingress reaches this owner; set once the runtime listens. */
  setOwnerUrl(url: string): void;
  readonly owner: string;
}
