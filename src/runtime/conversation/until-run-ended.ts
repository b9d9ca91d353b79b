import type { LiveConversation } from './live-conversation';

/**
 * Settles once the conversation's run has ended for good: not running, and not waiting for the person
 * (a child waiting for confirmation waits as any conversation does; the answer starts its run again),
 * or once `signal` fires. Event-driven: it looks again after each run settles and each durable event.
 */
export async function untilRunEnded(live: LiveConversation, signal: AbortSignal): Promise<void> {
  for (;;) {
    await live.settle();
    if (signal.aborted) return;
    const status = live.log.record().execution_status;
    if (!live.isRunning() && status !== 'waiting_for_confirmation' && status !== 'running') return;
    await nextDurableEvent(live, signal);
  }
}

function nextDurableEvent(live: LiveConversation, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const unsubscribe = live.log.subscribe((frame) => {
      if (frame.type === 'durable') done();
    });
    signal.addEventListener('abort', done, { once: true });
    // A run that started between the check and the subscription: settle covers it on the next turn.
    if (live.isRunning()) done();
  });
}
