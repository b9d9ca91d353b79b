import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { StreamingRetry } from '../conversation-store/conversation-view-state';
import { describeRetry } from './describe-retry';

/**
 * Shown in place of the streaming reply while its model call waits to be retried: why, a countdown
 * to the next try and its number. The countdown starts when the notice first shows this attempt
 * (the frame says how long the runtime waits, not when it started waiting); render it keyed by the
 * attempt so that a new attempt restarts the countdown.
 */
export function RetryNotice({ retry }: { retry: StreamingRetry }) {
  const [deadline] = useState(() => Date.now() + retry.delayMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const secondsLeft = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <p className="retry-notice" role="status" data-testid="model-retrying" title={retry.reason}>
      <RefreshCw size={13} aria-hidden className={secondsLeft === 0 ? 'spin' : undefined} />
      {describeRetry(retry.code, secondsLeft, retry.attempt)}
    </p>
  );
}
