export interface SessionSocketOptions {
  /** A heartbeat frame at least this often (CONTRACT: ≤ 15 s). */
  heartbeatMs: number;
  /** Time allowed for the auth frame before closing 4001. */
  authTimeoutMs: number;
  maxSocketsPerConversation: number;
  /** Past this much unsent data on one socket the client is too slow: close 4008. */
  maxBufferedBytes: number;
  /** Live frames held while a replay runs; past this the socket is closed 4008 too. */
  maxHeldFrames: number;
  /** Durable events read from the store per replay page. */
  replayPageSize: number;
}

export const DEFAULT_SESSION_SOCKET_OPTIONS: SessionSocketOptions = {
  heartbeatMs: 15_000,
  authTimeoutMs: 10_000,
  maxSocketsPerConversation: 50,
  maxBufferedBytes: 8 * 1024 * 1024,
  maxHeldFrames: 20_000,
  replayPageSize: 500,
};

/** Close codes of the session socket (CONTRACT §4). */
export const CLOSE = {
  unauthorized: 4001,
  notFound: 4004,
  slowConsumer: 4008,
  invalidCursor: 4422,
  tryAgainLater: 1013,
  internalError: 1011,
  goingAway: 1001,
} as const;
