import type { ServerFrame } from '../api/wire-types';

/** Placeholder until src/client/session-socket lands. */
export function openSessionSocket(_options: {
  conversationId: string;
  sessionKey: string;
  afterSeq: () => number;
  onFrame: (frame: ServerFrame) => void;
  onLive: (live: boolean) => void;
}): { close(): void } {
  return { close: () => undefined };
}
