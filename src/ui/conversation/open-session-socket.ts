import { createSessionSocket } from '../../client/session-socket';
import type { ServerFrame } from '../api/wire-types';

/**
 * Opens the client's reconnecting session socket for the conversation store: durable events come
 * back as `durable` frames (exactly once, in seq order, across reconnects), the rest as they are.
 */
export function openSessionSocket(options: {
  conversationId: string;
  afterSeq: () => number;
  onFrame: (frame: ServerFrame) => void;
  onLive: (live: boolean) => void;
}): { close(): void } {
  const socket = createSessionSocket({
    baseUrl: '',
    conversationId: options.conversationId,
    // No key: the upgrade carries the HttpOnly awb_session cookie, so no auth frame is needed.
    afterSeq: options.afterSeq(),
    onEvent: (event, seq) => options.onFrame({ type: 'durable', seq, event }),
    onFrame: (frame) => options.onFrame(frame),
    onState: (state) => {
      if (state === 'live') options.onLive(true);
      else if (state === 'reconnecting') options.onLive(false);
    },
  });
  return { close: () => socket.close() };
}
