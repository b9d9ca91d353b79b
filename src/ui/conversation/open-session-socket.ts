import { createSessionSocket } from '../../client/session-socket';
import type { ServerFrame } from '../api/wire-types';

/**
 * Opens the client's reconnecting session socket for the conversation store: durable events come
 * back as `durable` frames (exactly once, in seq order, across reconnects), the rest as they are.
 * When the network comes back or the tab is shown again (a laptop that woke up, a page restored from
 * the back-forward cache) the socket checks itself at once instead of after its silence timeout.
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
  const wake = () => socket.wake();
  const wakeWhenVisible = () => {
    if (document.visibilityState === 'visible') socket.wake();
  };
  window.addEventListener('online', wake);
  window.addEventListener('pageshow', wake);
  document.addEventListener('visibilitychange', wakeWhenVisible);
  return {
    close: () => {
      window.removeEventListener('online', wake);
      window.removeEventListener('pageshow', wake);
      document.removeEventListener('visibilitychange', wakeWhenVisible);
      socket.close();
    },
  };
}
