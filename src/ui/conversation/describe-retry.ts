/**
 * What a person reads while a model call waits to be retried: why, in a few words, when the next try
 * starts and which try it is. "Can't reach the model — retrying in 4 s (attempt 2)"; at zero seconds
 * left, "— retrying now".
 */
export function describeRetry(code: string, secondsLeft: number, attempt: number): string {
  const when = secondsLeft > 0 ? `retrying in ${secondsLeft} s` : 'retrying now';
  return `${RETRY_CAUSES[code] ?? 'The model call failed'} — ${when} (attempt ${attempt})`;
}

const RETRY_CAUSES: Record<string, string> = {
  network: 'Can’t reach the model',
  rate_limit: 'The model is rate-limiting requests',
  server: 'The model had a server error',
  timeout: 'The model did not answer in time',
  context_overflow: 'Too long for the model: condensing the history',
};
