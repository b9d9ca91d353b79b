import { useEffect, useRef } from 'react';
import type { ConversationInfo } from '../api/wire-types';

/** How often a waiting conversation asks for its place; calm, a queue moves at the pace of whole runs. */
const QUEUED_POLL_MS = 3_000;

/**
 * The place in the run queue is not an event, so the page asks for the info: while the run waits,
 * every few seconds, and once after something was recorded while the conversation is idle (a message
 * with run may have joined the queue instead of starting).
 */
export function useRunQueueRefresh(
  info: ConversationInfo | null | undefined,
  lastSeq: number | undefined,
  refreshInfo: () => void,
): void {
  const refresh = useRef(refreshInfo);
  refresh.current = refreshInfo;
  const queued = Boolean(info?.run_queue);
  const idleSeq = info?.execution_status === 'idle' ? lastSeq : undefined;
  useEffect(() => {
    if (!queued) return;
    const timer = setInterval(() => refresh.current(), QUEUED_POLL_MS);
    return () => clearInterval(timer);
  }, [queued]);
  useEffect(() => {
    if (idleSeq === undefined) return;
    const timer = setTimeout(() => refresh.current(), 300);
    return () => clearTimeout(timer);
  }, [idleSeq]);
}
